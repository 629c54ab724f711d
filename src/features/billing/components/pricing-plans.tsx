"use client";

import { Check, Loader2 } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { billingCopy } from "../copy";
import { formatPriceCny, formatTokens } from "../format";
import { useCheckoutAvailability } from "../hooks/use-checkout-availability";
import { useStartCheckout } from "../hooks/use-start-checkout";
import { planPriceCny, planPriceFen, type BillingInterval, type Plan } from "../plans";
import { IntervalSwitch } from "./interval-switch";
import { PaymentMethodDialog, preloadPaymentMethodDialog } from "./payment-method-dialog";

const POPULAR_PLAN = "pro";

/** The plan's app line (额度仅限 / 额度不含 …) in the apps' names, or none for a plan that covers every app. */
function appAccessLine(plan: Plan, appNames: ReadonlyMap<string, string>): string[] {
  const access = plan.appAccess;
  if (access.mode === "all") return [];
  const names = access.apps.flatMap((appid) => appNames.get(appid) ?? []);
  if (names.length === 0) return [];
  return [billingCopy.appAccessLine[access.mode](names.join("、"))];
}

/**
 * The plans side by side with the 月付 / 年付 switch; the buttons sign up or start a checkout.
 * `plans`: the visible plans, read by the server page from the database; `apps`: the listed apps' names.
 */
export function PricingPlans({ plans, apps = [] }: { plans: readonly Plan[]; apps?: readonly { appid: string; name: string }[] }) {
  const appNames = new Map(apps.map((app) => [app.appid, app.name]));
  const [interval, setInterval] = useState<BillingInterval>("month");
  const checkout = useStartCheckout();
  const { start, pending } = checkout;
  const closed = useCheckoutAvailability() === false;
  const { pricing } = billingCopy;

  return (
    <div className="grid gap-8">
      <div className="flex flex-col items-center gap-2">
        <IntervalSwitch value={interval} onChange={setInterval} />
        <p className="text-sm text-muted-foreground">{billingCopy.yearlySaving}</p>
      </div>
      {closed ? (
        <p role="note" className="mx-auto rounded-lg border bg-muted px-4 py-3 text-center text-sm text-muted-foreground">
          {pricing.paymentNotOpen}
        </p>
      ) : null}
      <ul className="grid gap-6 md:grid-cols-3" aria-label="套餐列表">
        {plans.map((plan) => {
          const price = planPriceCny(plan, interval);
          const popular = plan.id === POPULAR_PLAN;
          return (
            <li
              key={plan.id}
              aria-labelledby={`plan-${plan.id}`}
              className={cn("flex flex-col gap-6 rounded-xl border bg-card p-6 shadow-sm", popular && "border-primary ring-1 ring-primary")}
            >
              <div className="space-y-2">
                <div className="flex items-center justify-between gap-2">
                  <h2 id={`plan-${plan.id}`} className="text-lg font-semibold">
                    {plan.name}
                  </h2>
                  {popular ? <Badge>{pricing.popular}</Badge> : null}
                </div>
                <p className="text-sm text-muted-foreground">{plan.description}</p>
              </div>
              <p className="flex items-baseline gap-1">
                <span className="text-4xl font-bold tracking-tight">{price === 0 ? billingCopy.freePrice : formatPriceCny(price)}</span>
                {price === 0 ? null : <span className="text-sm text-muted-foreground">{billingCopy.perInterval[interval]}</span>}
              </p>
              <ul className="grid flex-1 gap-2 text-sm">
                {[billingCopy.quotaLine(formatTokens(plan.monthlyTokenQuota)), ...appAccessLine(plan, appNames), ...plan.features].map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <Check className="mt-0.5 size-4 text-primary" aria-hidden />
                    {feature}
                  </li>
                ))}
              </ul>
              {plan.id === "free" ? (
                <Button variant="outline" asChild>
                  <Link href="/auth/signup">{pricing.startFree}</Link>
                </Button>
              ) : (
                <Button
                  variant={popular ? "default" : "outline"}
                  disabled={closed || pending !== null}
                  onPointerEnter={preloadPaymentMethodDialog}
                  onFocus={preloadPaymentMethodDialog}
                  onClick={() => void start(plan.id, interval, { planName: plan.name, priceFen: planPriceFen(plan, interval) })}>
                  {pending === plan.id ? <Loader2 className="animate-spin" aria-hidden /> : null}
                  {closed ? pricing.notOpenButton : pending === plan.id ? pricing.redirecting : pricing.choose(plan.name)}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <PaymentMethodDialog flow={checkout} />
    </div>
  );
}
