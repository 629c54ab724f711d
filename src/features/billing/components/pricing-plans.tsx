import { Check } from "lucide-react";
import { Link } from "@/components/link";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { billingCopy } from "../copy";
import { formatPriceCny, formatTokens } from "../format";
import { BILLING_INTERVALS, planPriceCny, planPriceFen, type BillingInterval, type Plan } from "../plans";
import { CheckoutClosedNote, PlanCheckoutButton, PlanPrice, PricingCheckoutProvider, PricingIntervalSwitch } from "./pricing-checkout";

const POPULAR_PLAN = "pro";

/** One value per billing interval. */
const perInterval = <T,>(of: (interval: BillingInterval) => T) => Object.fromEntries(BILLING_INTERVALS.map((interval) => [interval, of(interval)])) as Record<BillingInterval, T>;

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
 * Rendered on the server (both intervals' prices included); only the switch, the prices it shows and
 * the checkout buttons are client components (pricing-checkout.tsx).
 */
export function PricingPlans({ plans, apps = [] }: { plans: readonly Plan[]; apps?: readonly { appid: string; name: string }[] }) {
  const appNames = new Map(apps.map((app) => [app.appid, app.name]));
  const { pricing } = billingCopy;

  return (
    <PricingCheckoutProvider>
      <div className="grid gap-8">
        <div className="flex flex-col items-center gap-2">
          <PricingIntervalSwitch labels={{ group: billingCopy.intervalSwitchLabel, intervals: billingCopy.intervals }} />
          <p className="text-sm text-muted-foreground">{billingCopy.yearlySaving}</p>
        </div>
        <CheckoutClosedNote>{pricing.paymentNotOpen}</CheckoutClosedNote>
        <ul className="grid gap-6 md:grid-cols-3" aria-label="套餐列表">
          {plans.map((plan) => {
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
                <PlanPrice
                  price={perInterval((interval) => (planPriceCny(plan, interval) === 0 ? billingCopy.freePrice : formatPriceCny(planPriceCny(plan, interval))))}
                  unit={perInterval((interval) => (planPriceCny(plan, interval) === 0 ? null : billingCopy.perInterval[interval]))}
                />
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
                  <PlanCheckoutButton
                    planId={plan.id}
                    planName={plan.name}
                    priceFen={perInterval((interval) => planPriceFen(plan, interval))}
                    className={cn(buttonVariants({ variant: popular ? "default" : "outline" }))}
                    labels={{ choose: pricing.choose(plan.name), redirecting: pricing.redirecting, notOpen: pricing.notOpenButton }}
                  />
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </PricingCheckoutProvider>
  );
}
