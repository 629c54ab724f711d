import type Stripe from "stripe";
import { apiErrorResponse } from "@/lib/api";
import type { Database } from "@/lib/db";
import { billingCopy } from "../../copy";
import type { StripeSetup } from "./client";
import { processStripeEvent } from "./webhook";

/**
 * `POST /api/webhooks/stripe`: verifies the `Stripe-Signature` header against the raw body with the
 * SDK (HMAC + timestamp tolerance), then processes the event once. Forged or stale → 400.
 */
export async function handleStripeWebhookRequest(request: Request, setup: StripeSetup | null, db: Database, now?: Date): Promise<Response> {
  if (!setup?.webhookSecret) return apiErrorResponse(503, billingCopy.errors.webhookNotConfigured);
  const payload = await request.text();
  const signature = request.headers.get("stripe-signature");
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error("missing signature");
    event = setup.stripe.webhooks.constructEvent(payload, signature, setup.webhookSecret);
  } catch {
    return apiErrorResponse(400, billingCopy.errors.webhookSignature);
  }
  const outcome = await processStripeEvent({ db, stripe: setup.stripe, prices: setup.prices, now }, event);
  return Response.json({ received: true, outcome });
}
