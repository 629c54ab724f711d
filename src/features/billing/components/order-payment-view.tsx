"use client";

import { Loader2 } from "lucide-react";
import { Link } from "@/components/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import { providerDefinition } from "../payment-providers";
import { chinaCheckoutCopy } from "../china-checkout-copy";
import type { CheckoutOrderView } from "../checkout-methods";
import { billingCopy } from "../copy";
import { formatAmountFen } from "../format";
import { formatCountdown, useCountdown } from "../hooks/use-countdown";
import { useOrderStatus } from "../hooks/use-order-status";
import { useStartCheckout } from "../hooks/use-start-checkout";
import { PaymentMethodDialog } from "./payment-method-dialog";

const copy = chinaCheckoutCopy.order;
/** The billing page shows 支付成功，套餐已生效 for this (also Stripe's and the test checkout's return). */
const PAID_TARGET = "/dashboard/settings/billing?checkout=success";

/**
 * The order page of a 微信支付 / 支付宝 payment: amount, plan and period, the QR (or, for page / H5 /
 * JSAPI pay, the wait for the result), a countdown to the order's expiry, and its polled status.
 * 支付成功 → the billing page; 订单已过期 → 重新下单. In test mode 模拟扫码支付 stands in for the phone.
 */
export function OrderPaymentView({ initial, qrImage }: { initial: CheckoutOrderView; qrImage: string | null }) {
  const router = useRouter();
  const { order, refresh } = useOrderStatus(initial);
  const left = useCountdown(order.status === "pending" ? order.expiresAt : null);
  const reorder = useStartCheckout();
  const [scanning, setScanning] = useState(false);
  const definition = order.brand ? providerDefinition(order.brand) : null;
  const brand = definition?.label ?? "";
  const timedOut = order.status === "expired" || (order.status === "pending" && left === 0);

  useEffect(() => {
    if (order.status === "paid") router.push(PAID_TARGET);
  }, [order.status, router]);
  // At zero, one more poll: the server closes the order (or finds it paid just in time).
  useEffect(() => {
    if (left === 0) refresh();
  }, [left === 0]); // eslint-disable-line react-hooks/exhaustive-deps

  async function simulateScan() {
    setScanning(true);
    try {
      const outcome = await apiFetch<{ redirectTo: string }>(`/api/checkout/${order.id}/simulate-scan`, { method: "post" });
      router.push(outcome.redirectTo);
    } catch (error) {
      setScanning(false);
      toast({ variant: "destructive", title: error instanceof Error ? error.message : String(error) });
      refresh();
    }
  }

  const rows: [string, string][] = [
    [billingCopy.checkout.plan, order.planName],
    [billingCopy.checkout.interval, billingCopy.intervals[order.interval]],
    [billingCopy.checkout.orderId, order.number],
  ];
  const qr = order.status === "pending" && !timedOut ? order.qr : null;

  return (
    <div className="mx-auto grid w-full max-w-md gap-6">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{`${brand ? `${brand} · ` : ""}${initial.qr ? copy.title : copy.waitingTitle}`}</h1>
        {order.qr?.simulated ? <Badge variant="warning">{billingCopy.checkout.testMode}</Badge> : null}
      </div>
      <section aria-label={billingCopy.checkout.title} className="grid gap-4 rounded-xl border bg-card p-6 shadow-sm">
        <p className="text-center">
          <span className="block text-sm text-muted-foreground">{billingCopy.checkout.amount}</span>
          <span className="text-3xl font-bold" data-testid="order-amount">
            {formatAmountFen(order.amount, order.currency)}
          </span>
        </p>
        {qr && qrImage ? (
          <figure className="grid justify-items-center gap-2">
            {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL made on the server */}
            <img src={qrImage} alt={copy.qrAlt(brand)} width={208} height={208} className="rounded-md border bg-white p-2" />
            <figcaption className="text-sm text-muted-foreground">{definition?.scanPrompt ?? null}</figcaption>
          </figure>
        ) : null}
        {order.status === "pending" && !timedOut && !qr ? (
          <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            {copy.waiting}
          </p>
        ) : null}
        {order.status === "pending" && !timedOut && left !== null ? (
          <p role="timer" className="text-center text-sm font-medium" data-testid="order-countdown">
            {copy.countdown(formatCountdown(left))}
          </p>
        ) : null}
        <dl className="grid gap-2 border-t pt-4 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-right font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      {qr?.simulated ? (
        <div className="grid gap-2">
          <p role="note" className="text-sm text-muted-foreground">
            {copy.simulatedNote}
          </p>
          <Button disabled={scanning} onClick={() => void simulateScan()}>
            {scanning ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {scanning ? copy.simulating : copy.simulateScan}
          </Button>
        </div>
      ) : null}

      {timedOut ? (
        <div role="status" className="grid gap-3 text-center">
          <p className="text-lg font-semibold">{copy.expired}</p>
          <p className="text-sm text-muted-foreground">{copy.expiredNote}</p>
          <Button disabled={reorder.pending !== null} onClick={() => void reorder.start(order.planId, order.interval, { planName: order.planName })}>
            {copy.reorder}
          </Button>
        </div>
      ) : null}
      {order.status === "canceled" ? (
        <div role="status" className="grid gap-3 text-center">
          <p className="text-lg font-semibold">{copy.canceled}</p>
          <Button variant="outline" asChild>
            <Link href="/pricing">{billingCopy.checkout.backToPricing}</Link>
          </Button>
        </div>
      ) : null}
      {order.status === "paid" ? (
        <p role="status" className="text-center text-lg font-semibold">
          {copy.paid}
        </p>
      ) : null}
      <Button variant="ghost" asChild className="w-fit justify-self-center">
        <Link href="/dashboard/settings/billing">{copy.backToBilling}</Link>
      </Button>
      <PaymentMethodDialog flow={reorder} />
    </div>
  );
}
