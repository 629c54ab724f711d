"use client";

import { useEffect, useState, type ComponentType } from "react";
import { toast } from "@/lib/toast";
import type { useStartCheckout } from "../hooks/use-start-checkout";

export type CheckoutFlow = ReturnType<typeof useStartCheckout>;
type Chooser = ComponentType<{ flow: CheckoutFlow }>;

// The chooser (Radix Dialog and its copy) is on the pricing and billing pages but opens only when a
// device has more than one way to pay: loaded on demand, like the header's theme menu.
const loadChooser = () => import("./payment-method-chooser");
// Spelled out here: the billing copy travels with the chooser.
const LOAD_FAILED = "支付方式加载失败，请检查网络后重试";

/** Starts the chooser's download ahead of a click (hover or focus of a button that may open it). */
export function preloadPaymentMethodDialog() {
  void loadChooser().catch(() => undefined); // offline or a new deployment: opening tries again
}

/**
 * 选择支付方式, shown while `flow.chooser` is set. Nothing is rendered or downloaded before it first
 * opens; once loaded it stays mounted, so that closing animates out as it always did. When the
 * download fails the chooser is closed with a toast, and the next try downloads again.
 */
export function PaymentMethodDialog({ flow }: { flow: CheckoutFlow }) {
  const [Loaded, setLoaded] = useState<Chooser | null>(null);
  const wanted = flow.chooser !== null && Loaded === null;
  const { closeChooser } = flow;

  useEffect(() => {
    if (!wanted) return;
    let current = true;
    loadChooser().then(
      (module) => current && setLoaded(() => module.default),
      () => {
        if (!current) return;
        closeChooser();
        toast({ variant: "destructive", title: LOAD_FAILED });
      },
    );
    return () => {
      current = false;
    };
    // closeChooser is a new function every render; only a new request to open matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);

  return Loaded ? <Loaded flow={flow} /> : null;
}
