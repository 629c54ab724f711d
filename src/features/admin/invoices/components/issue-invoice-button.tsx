"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ConfirmActionDialog } from "../../components/confirm-action-dialog";
import { useAdminAction } from "../../components/use-admin-action";
import { invoicesCopy as copy } from "../copy";

type Props = { requestId: string; title: string; amount: string; email: string; /** The order was fully refunded after the request. */ refunded: boolean };

/**
 * 标记已开具 with an optional invoice number, confirmed first (the server re-checks and audits). For a
 * fully refunded order the dialog warns and the action waits for a ticked confirmation.
 */
export function IssueInvoiceButton({ requestId, title, amount, email, refunded }: Props) {
  const run = useAdminAction();
  const [invoiceNumber, setInvoiceNumber] = useState("");
  const [confirmed, setConfirmed] = useState(false);
  const body = { ...(invoiceNumber ? { invoiceNumber } : {}), ...(refunded ? { confirmRefunded: true } : {}) };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Input
        aria-label={copy.invoiceNumberLabel}
        placeholder={copy.invoiceNumberLabel}
        value={invoiceNumber}
        maxLength={40}
        onChange={(event) => setInvoiceNumber(event.target.value.replace(/[^0-9A-Za-z-]/g, ""))}
        className="h-8 w-40"
      />
      <ConfirmActionDialog
        trigger={<Button size="sm">{copy.markIssued}</Button>}
        title={copy.issueTitle}
        description={copy.issueDescription(title, amount, email)}
        confirmLabel={copy.markIssued}
        onConfirm={async () => void (await run(`invoices/${requestId}/issue`, { method: "POST", json: body }, () => copy.issued))}
        confirmDisabled={refunded && !confirmed}
      >
        {refunded ? (
          <div className="grid gap-3 text-sm">
            <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-destructive">
              {copy.refundedWarning}
            </p>
            <label className="flex items-start gap-2">
              <input type="checkbox" className="mt-0.5 size-4" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
              {copy.confirmRefunded}
            </label>
          </div>
        ) : null}
      </ConfirmActionDialog>
    </div>
  );
}
