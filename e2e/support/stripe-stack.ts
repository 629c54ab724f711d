import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { FakeStripe, type FakeSubscription } from "../../src/features/billing/server/stripe/testing/fake-stripe-server";
import { stripeEventPayload, stripeSignatureHeader, subscriptionInvoice, unixSeconds } from "../../src/features/billing/server/stripe/testing/webhook-events";
import { ADMIN } from "./admin-account";
import { startAppProcess } from "./app-cluster";
import { findFreePort } from "./free-port";

const WEBHOOK_SECRET = "whsec_e2e_stripe_stack";
const DAY = 24 * 60 * 60;

export type StripeStack = {
  url: string;
  stripe: FakeStripe;
  /**
   * Stripe's side of paying Checkout Session `sessionId`: the fake completes it (subscription, first
   * invoice and its PaymentIntent), then `checkout.session.completed` and `invoice.paid` are delivered,
   * signed, to the app's webhook route. Resolves to the subscription the fake created.
   */
  pay(sessionId: string): Promise<FakeSubscription>;
  /** POSTs one signed event to /api/webhooks/stripe; the status and JSON answer. */
  deliver(type: string, object: unknown, secret?: string): Promise<{ status: number; body: unknown }>;
  stop(): Promise<void>;
};

/**
 * The fake Stripe API (in this test worker, so a test "pays" by calling it) and an app process of the
 * main run's build pointed at it with STRIPE_API_BASE — the test checkout off, so checkout is Stripe's —
 * with its own data directory and the operator's address in ADMIN_EMAILS.
 */
export async function startStripeStack(): Promise<StripeStack> {
  const stripe = new FakeStripe();
  const apiBase = await stripe.start();
  const dataDir = mkdtempSync(path.join(tmpdir(), "spark-e2e-stripe-"));
  const port = Number(findFreePort());
  const url = `http://127.0.0.1:${port}`;

  async function deliver(type: string, object: unknown, secret = WEBHOOK_SECRET) {
    const payload = stripeEventPayload(type, object);
    const response = await fetch(`${url}/api/webhooks/stripe`, {
      method: "POST",
      body: payload,
      // The headers Stripe's deliveries carry; the signature covers the raw body.
      headers: { "content-type": "application/json; charset=utf-8", "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)", "stripe-signature": stripeSignatureHeader(payload, secret) },
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  async function pay(sessionId: string): Promise<FakeSubscription> {
    const session = stripe.sessions.get(sessionId);
    expect(session, `假 Stripe 上没有结账会话 ${sessionId}`).toBeDefined();
    const now = unixSeconds(new Date());
    const period = { start: now, end: now + 30 * DAY };
    const subscription = stripe.completeSession(sessionId, period);
    const userId = String(session!.client_reference_id);
    const completed = { id: sessionId, object: "checkout.session", subscription: subscription.id, customer: subscription.customer, client_reference_id: userId, metadata: { userId } };
    expect(await deliver("checkout.session.completed", completed)).toEqual({ status: 200, body: { received: true, outcome: "processed" } });
    const invoice = subscriptionInvoice({ id: String(session!.invoice), subscriptionId: subscription.id, userId, reason: "subscription_create", period, amount: subscription.items.data[0]!.price.unit_amount });
    expect(await deliver("invoice.paid", invoice)).toEqual({ status: 200, body: { received: true, outcome: "processed" } });
    return subscription;
  }

  try {
    const server = await startAppProcess(port, {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SITE_URL: url,
      DEV_OUTBOX: "on",
      CHECKOUT_TEST_MODE: "off",
      ADMIN_EMAILS: ADMIN.email,
      STRIPE_SECRET_KEY: "sk_test_e2e_fake_stripe",
      STRIPE_API_BASE: apiBase,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      AUTH_RATE_LIMIT_SIGN_IN: "2000/300",
      AUTH_RATE_LIMIT_SIGN_UP: "2000/300",
      AUTH_MIN_MAIL_INTERVAL: "0",
    });
    return {
      url,
      stripe,
      pay,
      deliver,
      async stop() {
        server.stop();
        await stripe.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stripe.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
