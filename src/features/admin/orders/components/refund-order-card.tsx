"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { formatAmountFen } from "@/features/billing";
import { ConfirmActionDialog } from "../../components/confirm-action-dialog";
import { useAdminAction } from "../../components/use-admin-action";
import { ordersCopy } from "../copy";
import { fenToYuanText, yuanToFen } from "../yuan";

type Props = { orderId: string; who: string; provider: string; refundable: number; currency: string };
type RefundAnswer = { amount: number; status: "succeeded" | "pending" | "failed" };

/**
 * 退款: an amount in 元 (default the whole remainder, checked exactly in 分 as typed) and a reason,
 * confirmed in a dialog. One request id per filled-in refund, so a double click or the repeat after
 * re-entering the password is the same refund; a new one after success.
 */
export function RefundOrderCard({ orderId, who, provider, refundable, currency }: Props) {
  const copy = ordersCopy.refund;
  const run = useAdminAction();
  const [amount, setAmount] = useState(fenToYuanText(refundable));
  const [reason, setReason] = useState("");
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const fen = yuanToFen(amount);
  const validAmount = fen !== null && fen > 0 && fen <= refundable;
  const money = (value: number) => formatAmountFen(value, currency);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{copy.title}</CardTitle>
        <CardDescription>{refundable > 0 ? copy.amountHint(money(refundable)) : copy.notRefundable}</CardDescription>
      </CardHeader>
      {refundable > 0 ? (
        <CardContent className="grid gap-3">
          <div className="flex flex-wrap items-end gap-2">
            <div className="grid gap-1.5">
              <Label htmlFor="refund-amount">{copy.amount}</Label>
              <Input id="refund-amount" inputMode="decimal" value={amount} aria-invalid={!validAmount} onChange={(event) => setAmount(event.target.value.replace(/[^\d.]/g, ""))} className="w-40" />
            </div>
            <Button type="button" variant="ghost" onClick={() => setAmount(fenToYuanText(refundable))}>
              {copy.full}
            </Button>
          </div>
          {amount && !validAmount ? <p className="text-sm text-destructive">{copy.invalidAmount}</p> : null}
          <div className="grid gap-1.5">
            <Label htmlFor="refund-reason">{copy.reason}</Label>
            <Textarea id="refund-reason" value={reason} maxLength={200} rows={2} placeholder={copy.reasonPlaceholder} onChange={(event) => setReason(event.target.value)} />
          </div>
          <div>
            <ConfirmActionDialog
              destructive
              trigger={<Button disabled={!validAmount || !reason.trim()}>{copy.open}</Button>}
              title={copy.confirmTitle}
              description={copy.confirmDescription(money(fen ?? 0), who, provider, fen === refundable)}
              confirmLabel={copy.confirm}
              onConfirm={async () => {
                await run<RefundAnswer>(`orders/${orderId}/refund`, { method: "POST", json: { amount: amount.trim(), reason: reason.trim(), requestId } }, (result) =>
                  result.status === "pending" ? copy.pending(money(result.amount)) : copy.done(money(result.amount)),
                );
                setRequestId(crypto.randomUUID());
                setReason("");
              }}
            />
          </div>
        </CardContent>
      ) : null}
    </Card>
  );
}
