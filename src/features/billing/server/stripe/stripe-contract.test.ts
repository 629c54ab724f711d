import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutOrders, openDatabase, subscriptions, type DatabaseHandle } from "@/lib/db";
import { createTestDatabase, testTargetKinds, type TestDatabase } from "../../../../../test/database-targets";
import { changeSubscription, getPortalUrl, startCheckout } from "../billing-actions";
import { listPayments } from "../payments";
import { createPaymentProviders } from "../providers";
import { getSubscriptionSummary } from "../subscription-summary";
import { createStripeClient, type StripeSetup } from "./client";
import { FakeStripe } from "./testing/fake-stripe-server";
import { stripeEventPayload, stripeSignatureHeader, subscriptionInvoice, unixSeconds as seconds } from "./testing/webhook-events";
import { handleStripeWebhookRequest } from "./webhook-request";

const WEBHOOK_SECRET = "whsec_contract_test";

describe.each(testTargetKinds())("Stripe provider against a fake Stripe API on %s", (kind) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  const fake = new FakeStripe();
  let setup: StripeSetup;
  let providers: ReturnType<typeof createPaymentProviders>;
  const userId = randomUUID();
  let subscriptionId = "";

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    handle = await openDatabase(testDb.target);
    const base = await fake.start();
    setup = { stripe: createStripeClient("sk_test_fake", base), webhookSecret: WEBHOOK_SECRET, prices: {}, siteUrl: "http://localhost:3000" };
    providers = createPaymentProviders({ stripe: setup });
  });
  afterAll(async () => {
    await fake.stop();
    await handle.close();
    await testDb.dispose();
  });

  let eventCounter = 0;
  const event = (type: string, object: unknown, id = `evt_${++eventCounter}`) => stripeEventPayload(type, object, { id, created: seconds("2026-05-01T00:00:00Z") });

  /** Delivers a webhook the way Stripe does, signed by the SDK's own test helper. */
  async function deliver(payload: string, secret = WEBHOOK_SECRET, headers?: Record<string, string>) {
    const signature = stripeSignatureHeader(payload, secret);
    const request = new Request("http://localhost/api/webhooks/stripe", { method: "POST", body: payload, headers: headers ?? { "stripe-signature": signature } });
    const response = await handleStripeWebhookRequest(request, setup, handle.db);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const invoice = (id: string, reason: string, period: { start: number; end: number }, amount = 4900) => subscriptionInvoice({ id, subscriptionId, userId, reason, period, amount });

  const summary = (now = new Date("2026-05-15T00:00:00Z")) => getSubscriptionSummary(handle.db, userId, now);

  it("activation: Checkout Session → checkout.session.completed → the plan is active", async () => {
    const { url } = await startCheckout(handle.db, userId, { planId: "pro", interval: "month" }, { providers });
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const session = [...fake.sessions.values()][0]!;
    expect(session).toMatchObject({ mode: "subscription", client_reference_id: userId, subscription_data: { metadata: { userId, planId: "pro", interval: "month" } } });
    expect(session.success_url).toBe("http://localhost:3000/dashboard/settings/billing?checkout=success");
    // The price was created from the plan's price under our lookup key (CNY, in 分).
    expect([...fake.prices.values()]).toMatchObject([{ lookup_key: "sparkai_pro_month", unit_amount: 4900, currency: "cny" }]);
    expect((await summary()).plan.id).toBe("free");

    const subscription = fake.completeSession(session.id, { start: seconds("2026-05-01T00:00:00Z"), end: seconds("2026-06-01T00:00:00Z") });
    subscriptionId = subscription.id;
    const delivered = await deliver(event("checkout.session.completed", { id: session.id, object: "checkout.session", subscription: subscription.id, customer: subscription.customer, client_reference_id: userId, metadata: { userId } }));
    expect(delivered).toEqual({ status: 200, body: { received: true, outcome: "processed" } });

    expect(await summary()).toMatchObject({
      plan: { id: "pro", monthlyTokenQuota: 2_000_000 },
      status: "active",
      provider: "stripe",
      currentPeriodStart: "2026-05-01T00:00:00.000Z",
      currentPeriodEnd: "2026-06-01T00:00:00.000Z",
    });
    const [order] = await handle.db.select().from(checkoutOrders).where(eq(checkoutOrders.userId, userId));
    expect(order).toMatchObject({ provider: "stripe", status: "paid", providerSessionId: session.id });

    await deliver(event("invoice.paid", invoice("in_first", "subscription_create", { start: seconds("2026-05-01T00:00:00Z"), end: seconds("2026-06-01T00:00:00Z") })));
    expect(await listPayments(handle.db, userId)).toMatchObject([{ provider: "stripe", amount: 4900, reason: "checkout", planName: "专业版" }]);
  });

  it("renewal: invoice.paid moves the period and records the payment", async () => {
    const period = { start: seconds("2026-06-01T00:00:00Z"), end: seconds("2026-07-01T00:00:00Z") };
    fake.renew(subscriptionId, period);
    expect((await deliver(event("invoice.paid", invoice("in_renewal", "subscription_cycle", period), "evt_renewal"))).status).toBe(200);
    expect(await summary(new Date("2026-06-02T00:00:00Z"))).toMatchObject({ plan: { id: "pro" }, currentPeriodStart: "2026-06-01T00:00:00.000Z", currentPeriodEnd: "2026-07-01T00:00:00.000Z" });
    expect((await listPayments(handle.db, userId)).map((payment) => payment.reason)).toEqual(["renewal", "checkout"]);
  });

  it("replay: a delivered event sent again changes nothing", async () => {
    const [before] = await handle.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const period = { start: seconds("2026-06-01T00:00:00Z"), end: seconds("2026-07-01T00:00:00Z") };
    const replay = await deliver(event("invoice.paid", invoice("in_renewal", "subscription_cycle", period), "evt_renewal"));
    expect(replay).toEqual({ status: 200, body: { received: true, outcome: "duplicate" } });
    const [after] = await handle.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(after).toEqual(before);
    expect(await listPayments(handle.db, userId)).toHaveLength(2);
  });

  it("forged, tampered or unsigned webhooks are rejected with 400", async () => {
    const payload = event("customer.subscription.deleted", { ...fake.subscriptions.get(subscriptionId), status: "canceled" });
    expect(await deliver(payload, "whsec_forged")).toEqual({ status: 400, body: { statusCode: 400, message: "Webhook 签名无效" } });
    const signature = stripeSignatureHeader(payload, WEBHOOK_SECRET);
    expect((await deliver(payload.replace("canceled", "active"), WEBHOOK_SECRET, { "stripe-signature": signature })).status).toBe(400);
    expect((await deliver(payload, WEBHOOK_SECRET, {})).status).toBe(400);
    expect((await summary(new Date("2026-06-02T00:00:00Z"))).plan.id).toBe("pro");
  });

  it("upgrade of a live subscription switches the price in place", async () => {
    const { url } = await startCheckout(handle.db, userId, { planId: "team", interval: "month" }, { providers, now: new Date("2026-06-02T00:00:00Z") });
    expect(url).toBe("/dashboard/settings/billing?checkout=success");
    expect(fake.subscriptions.get(subscriptionId)!.items.data[0]!.price.lookup_key).toBe("sparkai_team_month");
    expect(fake.requests.at(-1)?.params).toMatchObject({ proration_behavior: "always_invoice" });
    expect((await summary(new Date("2026-06-02T00:00:00Z"))).plan.id).toBe("team");
  });

  it("a downgrade waits for the next period", async () => {
    const now = new Date("2026-06-03T00:00:00Z");
    await changeSubscription(handle.db, userId, { action: "downgrade", planId: "pro" }, { providers, now });
    const updated = fake.subscriptions.get(subscriptionId)!;
    expect(updated.items.data[0]!.price.lookup_key).toBe("sparkai_pro_month");
    // Stripe reports the price change at once; the team plan stays until the period ends.
    await deliver(event("customer.subscription.updated", updated));
    expect(await summary(now)).toMatchObject({ plan: { id: "team" }, pendingChange: { planId: "pro", effectiveAt: "2026-07-01T00:00:00.000Z" } });

    const period = { start: seconds("2026-07-01T00:00:00Z"), end: seconds("2026-08-01T00:00:00Z") };
    fake.renew(subscriptionId, period);
    await deliver(event("invoice.paid", invoice("in_july", "subscription_cycle", period)));
    expect(await summary(new Date("2026-07-02T00:00:00Z"))).toMatchObject({ plan: { id: "pro" }, pendingChange: null, currentPeriodEnd: "2026-08-01T00:00:00.000Z" });
  });

  it("cancellation: cancel at the period end, then customer.subscription.deleted → free", async () => {
    const now = new Date("2026-07-10T00:00:00Z");
    await changeSubscription(handle.db, userId, { action: "cancel" }, { providers, now });
    expect(fake.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    expect(await summary(now)).toMatchObject({ plan: { id: "pro" }, cancelAtPeriodEnd: true, currentPeriodEnd: "2026-08-01T00:00:00.000Z" });
    expect(await getPortalUrl(handle.db, userId, "/dashboard/settings/billing", { providers })).toMatch(/^https:\/\/billing\.stripe\.test\//);

    const ended = { ...fake.subscriptions.get(subscriptionId)!, status: "canceled" };
    await deliver(event("customer.subscription.deleted", ended));
    expect(await summary(new Date("2026-08-01T00:00:01Z"))).toMatchObject({ plan: { id: "free" }, provider: null });
  });

  it("refuses webhooks when no signing secret is configured", async () => {
    const response = await handleStripeWebhookRequest(new Request("http://localhost/api/webhooks/stripe", { method: "POST", body: "{}" }), { ...setup, webhookSecret: null }, handle.db);
    expect(response.status).toBe(503);
  });
});
