"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { formatTokens, type Plan, type PlanId } from "@/features/billing";
import { ConfirmActionDialog } from "../../components/confirm-action-dialog";
import { useAdminAction } from "../../components/use-admin-action";
import { quotaCopy as copy } from "../copy";

type Props = { userId: string; who: string; planId: PlanId; plans: readonly Plan[] };

/** The user's plan and this month's token grants (赠送 / 收回 with a reason); each confirmed. */
export function UserQuotaActions({ userId, who, planId, plans }: Props) {
  const run = useAdminAction();
  const [plan, setPlan] = useState<PlanId>(planId);
  const [give, setGive] = useState(true);
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const tokens = Number(amount);
  const valid = Number.isInteger(tokens) && tokens > 0 && tokens <= 100_000_000 && reason.trim().length > 0;
  const planName = plans.find((candidate) => candidate.id === plan)?.name ?? plan;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor="quota-plan">{copy.plan}</Label>
          <NativeSelect id="quota-plan" value={plan} onChange={(event) => setPlan(event.target.value)} className="w-40">
            {plans.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}（{formatTokens(candidate.monthlyTokenQuota)} Token/月）
              </option>
            ))}
          </NativeSelect>
        </div>
        <ConfirmActionDialog
          trigger={<Button variant="outline" disabled={plan === planId}>{copy.changePlan}</Button>}
          title={copy.planTitle}
          description={copy.planDescription(who, planName)}
          confirmLabel={copy.changePlan}
          onConfirm={async () => void (await run(`users/${userId}/plan`, { method: "POST", json: { planId: plan } }, () => copy.planChanged))}
        />
      </div>
      <div className="grid gap-3">
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1.5">
            <Label htmlFor="quota-direction">{copy.direction}</Label>
            <NativeSelect id="quota-direction" value={give ? "give" : "take"} onChange={(event) => setGive(event.target.value === "give")} className="w-28">
              <option value="give">{copy.give}</option>
              <option value="take">{copy.takeBack}</option>
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="quota-tokens">{copy.tokens}</Label>
            <Input id="quota-tokens" inputMode="numeric" value={amount} onChange={(event) => setAmount(event.target.value.replace(/[^\d]/g, ""))} className="w-40" />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="quota-reason">{copy.reason}</Label>
          <Textarea id="quota-reason" value={reason} maxLength={500} placeholder={copy.reasonPlaceholder} onChange={(event) => setReason(event.target.value)} rows={2} />
        </div>
        <div>
          <ConfirmActionDialog
            destructive={!give}
            trigger={<Button disabled={!valid}>{copy.apply}</Button>}
            title={copy.grantTitle(give)}
            description={copy.grantDescription(who, give, valid ? formatTokens(tokens) : "0")}
            confirmLabel={copy.confirm}
            onConfirm={async () => {
              await run(`users/${userId}/quota-grants`, { method: "POST", json: { tokens: give ? tokens : -tokens, reason: reason.trim() } }, () => copy.granted);
              setAmount("");
              setReason("");
            }}
          />
        </div>
      </div>
    </div>
  );
}
