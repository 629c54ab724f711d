"use client";

import { Loader2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import { billingCopy } from "../copy";

type Outcome = { status: string; redirectTo: string };

/** 支付成功 (or 模拟支付, `payLabel`) / 取消 on the local test-mode checkout page. */
export function CheckoutOrderActions({ orderId, payLabel }: { orderId: string; payLabel: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState<"pay" | "cancel" | null>(null);
  const { checkout } = billingCopy;

  async function run(action: "pay" | "cancel") {
    setBusy(action);
    try {
      const path = action === "pay" ? "complete" : "cancel";
      const outcome = await apiFetch<Outcome>(`/api/checkout/${orderId}/${path}`, { method: "post" });
      // The billing page shows the success toast itself (it also serves Stripe's return URL).
      if (action === "cancel") toast({ title: checkout.canceledToast });
      // The target pages are dynamic, so the push itself fetches them fresh.
      router.push(outcome.redirectTo);
    } catch (error) {
      setBusy(null);
      toast({ variant: "destructive", title: error instanceof Error ? error.message : String(error) });
      router.refresh();
    }
  }

  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button variant="outline" disabled={busy !== null} onClick={() => void run("cancel")}>
        {busy === "cancel" ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {checkout.cancel}
      </Button>
      <Button disabled={busy !== null} onClick={() => void run("pay")}>
        {busy === "pay" ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {busy === "pay" ? checkout.paying : payLabel}
      </Button>
    </div>
  );
}
