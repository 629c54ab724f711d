"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import { billingCopy } from "../copy";
import type { SubscriptionAction } from "../schemas";

const SUCCESS_TOAST: Record<SubscriptionAction["action"], string> = {
  cancel: billingCopy.billing.canceledToast,
  resume: billingCopy.billing.resumedToast,
  downgrade: billingCopy.billing.downgradeToast,
  "undo-downgrade": billingCopy.billing.undoDowngradeToast,
};

/** Sends a subscription change, toasts the outcome and re-renders the server page with the new state. */
export function useSubscriptionActions() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function run(action: SubscriptionAction) {
    setBusy(true);
    try {
      await apiFetch("/api/billing/subscription", { method: "post", json: action });
      toast({ variant: "success", title: SUCCESS_TOAST[action.action], duration: 2000 });
      router.refresh();
    } catch (error) {
      toast({ variant: "destructive", title: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  return { run, busy };
}
