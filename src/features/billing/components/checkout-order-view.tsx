import { Link } from "@/components/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { CheckoutOrder } from "@/lib/db";
import { chinaCheckoutCopy } from "../china-checkout-copy";
import { billingCopy } from "../copy";
import { formatAmountFen, formatBillingDate, formatOrderNumber } from "../format";
import { providerLabel } from "../payment-providers";
import { simulatedPageBrandOf } from "../server/local/simulated";
import { CheckoutOrderActions } from "./checkout-order-actions";
import { TestQrOptions } from "./test-qr-options";

/**
 * The local checkout page's order summary, clearly marked 测试模式, with its two buttons (`planName`:
 * the page reads it from the plans). An order started with a simulated 微信支付 / 支付宝 method shows
 * here as that provider's page would, with 模拟支付 (server/local/simulated.ts).
 */
export function CheckoutOrderView({ order, planName }: { order: CheckoutOrder; planName: string }) {
  const { checkout } = billingCopy;
  const { simulatedCashier } = chinaCheckoutCopy;
  const simulated = simulatedPageBrandOf(order);
  const brand = simulated ? providerLabel(simulated) : null;
  const rows: [string, string][] = [
    [checkout.plan, planName],
    [checkout.interval, billingCopy.intervals[order.interval]],
    [checkout.orderId, formatOrderNumber(order)],
    [checkout.createdAt, formatBillingDate(order.createdAt)],
  ];
  return (
    <div className="mx-auto grid w-full max-w-xl gap-6 px-4 py-10 sm:px-6">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{brand ? simulatedCashier.title(brand) : checkout.title}</h1>
        <Badge variant="warning" data-testid="test-mode-badge">
          {checkout.testMode}
        </Badge>
      </div>
      <p role="note" className="rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-800 dark:text-amber-200">
        {brand ? simulatedCashier.note(brand) : checkout.testModeNote}
      </p>
      <section aria-label={checkout.title} className="rounded-xl border bg-card p-6 shadow-sm">
        <dl className="grid gap-3 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-right font-medium break-all">{value}</dd>
            </div>
          ))}
          <div className="mt-2 flex items-baseline justify-between gap-4 border-t pt-4">
            <dt className="text-muted-foreground">{checkout.amount}</dt>
            <dd className="text-2xl font-bold">{formatAmountFen(order.amount, order.currency)}</dd>
          </div>
        </dl>
      </section>
      {order.status === "pending" ? (
        <>
          <CheckoutOrderActions orderId={order.id} payLabel={brand ? simulatedCashier.pay : checkout.pay} />
          {brand ? null : <TestQrOptions orderId={order.id} />}
        </>
      ) : (
        <div className="grid gap-3 text-center">
          <p className="text-muted-foreground">
            {checkout.status[order.status]} · {checkout.closedNote}
          </p>
          <Button variant="outline" asChild>
            <Link href={order.status === "paid" ? "/dashboard/settings/billing" : "/pricing"}>
              {order.status === "paid" ? checkout.backToBilling : checkout.backToPricing}
            </Link>
          </Button>
        </div>
      )}
    </div>
  );
}
