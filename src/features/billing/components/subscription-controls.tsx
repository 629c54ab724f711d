"use client";

import { ExternalLink, Loader2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import { billingCopy } from "../copy";
import { formatBillingDate } from "../format";
import { useSubscriptionActions } from "../hooks/use-subscription-actions";
import { periodCapabilities } from "../payment-providers";
import type { SubscriptionSummary } from "../types";
import { ConfirmDialog } from "./confirm-dialog";

/** 取消订阅 / 恢复订阅, and the Stripe customer portal when Stripe bills the plan. */
export function SubscriptionControls({ summary }: { summary: SubscriptionSummary }) {
  const { billing } = billingCopy;
  const actions = useSubscriptionActions();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [openingPortal, setOpeningPortal] = useState(false);
  if (summary.plan.id === "free") return null;
  // A one-off purchase (支付宝 / 微信支付) simply ends with its period: there is nothing to cancel or
  // resume (the API would answer 409); 续费 is in the plan list.
  if (periodCapabilities(summary)?.periodChanges === false) return null;

  async function openPortal() {
    setOpeningPortal(true);
    try {
      const { url } = await apiFetch<{ url: string }>("/api/billing/portal", { method: "post" });
      window.location.assign(url);
    } catch (error) {
      setOpeningPortal(false);
      toast({ variant: "destructive", title: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      {summary.cancelAtPeriodEnd ? (
        <Button disabled={actions.busy} onClick={() => void actions.run({ action: "resume" })}>
          {billing.resume}
        </Button>
      ) : (
        <Button variant="outline" disabled={actions.busy} onClick={() => setConfirmCancel(true)}>
          {billing.cancel}
        </Button>
      )}
      {periodCapabilities(summary)?.portal ? (
        <Button variant="ghost" disabled={openingPortal} onClick={() => void openPortal()} title={billing.portalHint}>
          {openingPortal ? <Loader2 className="animate-spin" aria-hidden /> : <ExternalLink aria-hidden />}
          {billing.portal}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={billing.cancelConfirmTitle}
        description={billing.cancelConfirmDescription(summary.currentPeriodEnd ? formatBillingDate(summary.currentPeriodEnd) : "")}
        confirmLabel={billing.cancelConfirm}
        onConfirm={() => void actions.run({ action: "cancel" })}
      />
    </div>
  );
}
