import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { billingWebhookEvents, checkoutOrders, payments, type Database } from "@/lib/db";
import { getSubscriptionRow } from "../activate";
import type { StripePriceIds } from "./client";
import { syncStripeSubscription } from "./sync-subscription";
import { countPayment } from "../payment-metrics";
import { afterPaymentRecorded } from "../after-payment";

export type StripeWebhookOutcome = "processed" | "duplicate" | "ignored";

type WebhookDeps = { db: Database; stripe: Stripe; prices: StripePriceIds; now?: Date };

const HANDLED = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
]);

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

async function onCheckoutCompleted({ db, stripe, prices }: WebhookDeps, session: Stripe.Checkout.Session, now: Date) {
  await db.update(checkoutOrders).set({ status: "paid", completedAt: now }).where(eq(checkoutOrders.providerSessionId, session.id));
  const subscriptionId = idOf(session.subscription);
  if (!subscriptionId) return;
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  await syncStripeSubscription(db, subscription, { prices, now, userIdHint: session.client_reference_id ?? session.metadata?.userId });
}

function paymentReason(reason: Stripe.Invoice.BillingReason | null): "checkout" | "renewal" | "plan_change" {
  if (reason === "subscription_cycle") return "renewal";
  if (reason === "subscription_update") return "plan_change";
  return "checkout";
}

/** A paid invoice: the subscription (and its period) is re-read from Stripe and the payment recorded once. */
async function onInvoicePaid({ db, stripe, prices }: WebhookDeps, invoice: Stripe.Invoice, now: Date) {
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionId || !invoice.id) return;
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const userId = await syncStripeSubscription(db, subscription, { prices, now, userIdHint: invoice.parent?.subscription_details?.metadata?.userId });
  if (!userId) return;
  const row = await getSubscriptionRow(db, userId);
  const line = invoice.lines?.data[0];
  const recorded = await db
    .insert(payments)
    .values({
      userId,
      planId: row?.planId ?? "free",
      interval: row?.interval ?? "month",
      amount: invoice.amount_paid,
      currency: invoice.currency,
      provider: "stripe",
      providerPaymentId: invoice.id,
      reason: paymentReason(invoice.billing_reason),
      periodStart: line ? new Date(line.period.start * 1000) : (row?.currentPeriodStart ?? null),
      periodEnd: line ? new Date(line.period.end * 1000) : (row?.currentPeriodEnd ?? null),
      createdAt: new Date(invoice.created * 1000),
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  if (recorded.length > 0) {
    countPayment("stripe", "paid");
    await afterPaymentRecorded(db, userId);
  }
}

/**
 * Applies one verified Stripe event. Events are processed at most once: the event id is stored
 * after processing, and a replay of a stored id changes nothing. The handlers themselves are
 * idempotent too (state is re-read from Stripe, payments are keyed by invoice id), so a delivery
 * racing its own retry is harmless. A handler failure leaves the id unstored so Stripe retries.
 */
export async function processStripeEvent(deps: WebhookDeps, event: Stripe.Event): Promise<StripeWebhookOutcome> {
  const { db } = deps;
  const now = deps.now ?? new Date();
  const [seen] = await db.select({ id: billingWebhookEvents.id }).from(billingWebhookEvents).where(eq(billingWebhookEvents.id, event.id)).limit(1);
  if (seen) return "duplicate";
  if (!HANDLED.has(event.type)) return "ignored";

  switch (event.type) {
    case "checkout.session.completed":
      await onCheckoutCompleted(deps, event.data.object, now);
      break;
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      await syncStripeSubscription(db, event.data.object, { prices: deps.prices, now });
      break;
    case "invoice.paid":
      await onInvoicePaid(deps, event.data.object, now);
      break;
  }
  await db.insert(billingWebhookEvents).values({ id: event.id, provider: "stripe", type: event.type, processedAt: now }).onConflictDoNothing();
  return "processed";
}
