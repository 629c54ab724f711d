import { randomUUID } from "node:crypto";
import Stripe from "stripe";

/**
 * Stripe's webhook deliveries for tests (the contract test and e2e/support/stripe-stack.ts): the
 * event envelope as Stripe sends it, the invoice of a subscription, and the `Stripe-Signature`
 * header made by the SDK's own test helper — the header our webhook route verifies.
 */

export type StripePeriod = { start: number; end: number };

/** Unix seconds of an ISO date or a Date, as Stripe's timestamps are. */
export const unixSeconds = (at: string | Date) => Math.floor(new Date(at).getTime() / 1000);

/** The JSON text of an event around `object`; it is signed byte for byte, so it stays text. */
export function stripeEventPayload(type: string, object: unknown, options: { id?: string; created?: number } = {}): string {
  return JSON.stringify({
    id: options.id ?? `evt_${randomUUID().replaceAll("-", "")}`,
    object: "event",
    type,
    api_version: "2026-10-28.endive",
    created: options.created ?? unixSeconds(new Date()),
    livemode: false,
    pending_webhooks: 1,
    request: null,
    data: { object },
  });
}

/** The `Stripe-Signature` header Stripe would send with `payload` for the endpoint's signing secret. */
export function stripeSignatureHeader(payload: string, secret: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}

/** A paid invoice of a subscription (what `invoice.paid` carries), amount in 分. */
export function subscriptionInvoice(input: { id: string; subscriptionId: string; userId: string; reason: string; period: StripePeriod; amount?: number }) {
  const { id, subscriptionId, userId, reason, period, amount = 4900 } = input;
  return {
    id,
    object: "invoice",
    amount_paid: amount,
    currency: "cny",
    billing_reason: reason,
    created: period.start,
    parent: { type: "subscription_details", quote_details: null, subscription_details: { subscription: subscriptionId, metadata: { userId } } },
    lines: { object: "list", data: [{ id: `il_${id}`, period }] },
  };
}
