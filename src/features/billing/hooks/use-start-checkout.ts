"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiError, apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import type { BillingInterval, PlanId } from "../plans";
import type { CheckoutResult } from "../schemas";

/**
 * Starts a checkout: `POST /api/checkout`, then follows the answered URL (our own /checkout page
 * or Stripe's). A visitor without a session (401) is sent to sign up instead.
 */
export function useStartCheckout() {
  const router = useRouter();
  const [pending, setPending] = useState<PlanId | null>(null);

  async function start(planId: PlanId, interval: BillingInterval) {
    setPending(planId);
    try {
      const { url } = await apiFetch<CheckoutResult>("/api/checkout", { method: "post", json: { planId, interval } });
      if (/^https?:\/\//.test(url)) window.location.assign(url);
      else router.push(url);
    } catch (error) {
      setPending(null);
      if (error instanceof ApiError && error.statusCode === 401) {
        router.push("/auth/signup");
        return;
      }
      toast({ variant: "destructive", title: error instanceof Error ? error.message : String(error) });
    }
  }

  return { start, pending };
}
