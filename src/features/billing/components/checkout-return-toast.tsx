"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { toast } from "@/lib/toast";
import { billingCopy } from "../copy";

/** After a checkout (local or Stripe's return URL, `?checkout=success`; a local top-up's `?checkout=topup`): one success toast, then a clean URL. */
export function CheckoutReturnToast() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const outcome = params.get("checkout");

  useEffect(() => {
    if (outcome !== "success" && outcome !== "topup") return;
    toast({ variant: "success", title: outcome === "topup" ? billingCopy.billing.topUpSuccessToast : billingCopy.billing.checkoutSuccessToast, duration: 3000 });
    router.replace(pathname, { scroll: false });
  }, [outcome, pathname, router]);

  return null;
}
