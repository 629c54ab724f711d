"use client";

import { Loader2 } from "lucide-react";
import { createContext, useContext, useState, type ReactNode } from "react";
import { useStartCheckout } from "../hooks/use-start-checkout";
import type { BillingInterval, PlanId } from "../plans";
import { IntervalRadios, type IntervalLabels } from "./interval-radios";
import { PaymentMethodDialog, preloadPaymentMethodDialog } from "./payment-method-dialog";

// The pricing page's client island: the plan cards are rendered on the server; only the 月付 / 年付
// choice, the prices it switches, the checkout buttons and the (lazily loaded) chooser run here. Copy
// comes in as props so that the billing copy stays on the server.

type PricingCheckout = { interval: BillingInterval; setInterval: (value: BillingInterval) => void; checkout: ReturnType<typeof useStartCheckout>; closed: boolean };

const PricingCheckoutContext = createContext<PricingCheckout | null>(null);

function usePricingCheckout(): PricingCheckout {
  const value = useContext(PricingCheckoutContext);
  if (!value) throw new Error("PricingCheckout parts must be inside <PricingCheckoutProvider>");
  return value;
}

/** Holds the chosen interval and the checkout flow for the plan cards inside it. */
export function PricingCheckoutProvider({ children }: { children: ReactNode }) {
  const [interval, setInterval] = useState<BillingInterval>("month");
  const checkout = useStartCheckout();
  return (
    <PricingCheckoutContext.Provider value={{ interval, setInterval, checkout, closed: checkout.closed }}>
      {children}
      <PaymentMethodDialog flow={checkout} />
    </PricingCheckoutContext.Provider>
  );
}

export function PricingIntervalSwitch({ labels }: { labels: IntervalLabels }) {
  const { interval, setInterval } = usePricingCheckout();
  return <IntervalRadios value={interval} onChange={setInterval} labels={labels} />;
}

/** 支付暂未开放 note, shown once the server said online payment is closed here. */
export function CheckoutClosedNote({ children }: { children: ReactNode }) {
  return usePricingCheckout().closed ? (
    <p role="note" className="mx-auto rounded-lg border bg-muted px-4 py-3 text-center text-sm text-muted-foreground">
      {children}
    </p>
  ) : null;
}

/** A plan's price for the chosen interval (formatted by the server), with its "/ 月" unit when not free. */
export function PlanPrice({ price, unit }: { price: Record<BillingInterval, string>; unit: Record<BillingInterval, string | null> }) {
  const { interval } = usePricingCheckout();
  return (
    <p className="flex items-baseline gap-1">
      <span className="text-4xl font-bold tracking-tight">{price[interval]}</span>
      {unit[interval] === null ? null : <span className="text-sm text-muted-foreground">{unit[interval]}</span>}
    </p>
  );
}

export type PlanCheckoutLabels = { choose: string; redirecting: string; notOpen: string };

/** A paid plan's button: starts its checkout for the chosen interval. `className`: the button's styles, from the server. */
export function PlanCheckoutButton({ planId, planName, priceFen, className, labels }: { planId: PlanId; planName: string; priceFen: Record<BillingInterval, number>; className: string; labels: PlanCheckoutLabels }) {
  const { interval, checkout, closed } = usePricingCheckout();
  const { start, pending } = checkout;
  return (
    <button
      type="button"
      data-slot="button"
      className={className}
      disabled={closed || pending !== null}
      onPointerEnter={preloadPaymentMethodDialog}
      onFocus={preloadPaymentMethodDialog}
      onClick={() => void start(planId, interval, { planName, priceFen: priceFen[interval] })}>
      {pending === planId ? <Loader2 className="animate-spin" aria-hidden /> : null}
      {closed ? labels.notOpen : pending === planId ? labels.redirecting : labels.choose}
    </button>
  );
}
