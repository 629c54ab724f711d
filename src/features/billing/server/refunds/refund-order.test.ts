import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, checkoutOrders, checkoutRefunds, subscriptions } from "@/lib/db";
import { testTargetKinds, useTestDatabase } from "../../../../../test/database-targets";
import { startCheckout } from "../billing-actions";
import { completeLocalOrder } from "../checkout-orders";
import { listPayments } from "../payments";
import { createPaymentProviders } from "../providers";
import { createStripeClient, type StripeSetup } from "../stripe/client";
import { stripeRefundGateway } from "../stripe/refund";
import { FakeStripe } from "../stripe/testing/fake-stripe-server";
import { processStripeEvent } from "../stripe/webhook";
import { getSubscriptionSummary } from "../subscription-summary";
import { localRefundGateway, type RefundGateway } from "./gateway";
import { refundOrder } from "./refund-order";

// billing's one refund logic: the local test checkout and Stripe against its fake here; Alipay and
// 微信支付 against theirs in alipay-contract.test.ts and wechat-pay-contract.test.ts.
const localProviders = createPaymentProviders({ localTestMode: true });
const at = (iso: string) => new Date(iso);
const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
const BOUGHT = at("2026-05-01T00:00:00Z");
const LATER = at("2026-05-11T00:00:00Z");

describe.each(testTargetKinds())("refundOrder on %s", (kind) => {
  const database = useTestDatabase(kind);
  const operator = { userId: randomUUID(), ip: "203.0.113.9" };
  const gateways = { local: localRefundGateway };

  const subscriptionOf = async (userId: string) => (await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]!;
  const refundsOf = (orderId: string) => database.db.select().from(checkoutRefunds).where(eq(checkoutRefunds.orderId, orderId));
  const auditOf = (userId: string) => database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, userId));

  /** A user who bought 专业版 (month, ¥49) through the local test checkout; answers the user and order. */
  async function localPurchase(pay = true): Promise<{ userId: string; orderId: string }> {
    const userId = randomUUID();
    const { url } = await startCheckout(database.db, userId, { planId: "pro", interval: "month" }, { now: BOUGHT, providers: localProviders });
    const orderId = url.split("/").pop()!;
    if (pay) await completeLocalOrder(database.db, userId, orderId, BOUGHT);
    return { userId, orderId };
  }

  it("a full refund of a local order ends the period now: 免费版, a negative payment row, an audit row", async () => {
    const { userId, orderId } = await localPurchase();
    const result = await refundOrder(database.db, orderId, 4900, "  用户申请  ", operator, { now: LATER, gateways });
    expect(result).toMatchObject({ orderId, amount: 4900, status: "succeeded", remaining: 0, planEnded: true, periodEnd: LATER.toISOString() });
    expect(await subscriptionOf(userId)).toMatchObject({ status: "canceled", currentPeriodEnd: LATER });
    expect((await getSubscriptionSummary(database.db, userId, LATER)).plan.id).toBe("free");
    expect((await listPayments(database.db, userId)).map((row) => [row.reason, row.amount])).toEqual([
      ["refund", -4900],
      ["checkout", 4900],
    ]);
    expect(await auditOf(userId)).toMatchObject([
      { actorId: operator.userId, action: "order.refund", ip: "203.0.113.9", before: { orderId, refundable: 4900 }, after: { orderId, amount: 4900, reason: "用户申请", status: "succeeded", refundable: 0, planEnded: true } },
    ]);
  });

  it("partial refunds shorten the period by their share and add up to the whole", async () => {
    const { userId, orderId } = await localPurchase();
    const before = await subscriptionOf(userId);
    const length = before.currentPeriodEnd!.getTime() - before.currentPeriodStart.getTime();
    const quarter = await refundOrder(database.db, orderId, 1225, "服务中断补偿", operator, { now: LATER, gateways });
    expect(quarter).toMatchObject({ remaining: 3675, planEnded: false });
    const shortened = await subscriptionOf(userId);
    expect(shortened.currentPeriodEnd!.getTime()).toBe(before.currentPeriodEnd!.getTime() - Math.floor(length / 4));
    // A shortened period does not renew by itself.
    expect(shortened).toMatchObject({ status: "active", planId: "pro", cancelAtPeriodEnd: true });
    await refundOrder(database.db, orderId, 3675, "余额", operator, { now: LATER, gateways });
    expect(await subscriptionOf(userId)).toMatchObject({ status: "canceled", currentPeriodEnd: LATER });
  });

  it("refuses an over-refund, a repeated request id, an unpaid order and an unknown one — nothing recorded", async () => {
    const { userId, orderId } = await localPurchase();
    await expect(refundOrder(database.db, orderId, 4901, "多退", operator, { now: LATER, gateways })).rejects.toMatchObject({ statusCode: 400, message: "退款金额超过可退余额（最多 ¥49）" });
    for (const bad of [0, -1, 1.5, Number.NaN]) await expect(refundOrder(database.db, orderId, bad, "x", operator, { gateways })).rejects.toMatchObject({ statusCode: 400 });
    await expect(refundOrder(database.db, orderId, 100, "   ", operator, { gateways })).rejects.toMatchObject({ statusCode: 400 });

    // A double click sends the dialog's one request id twice: one refund.
    const requestId = randomUUID();
    await refundOrder(database.db, orderId, 100, "第一次", operator, { requestId, now: LATER, gateways });
    await expect(refundOrder(database.db, orderId, 100, "第一次", operator, { requestId, now: LATER, gateways })).rejects.toMatchObject({ statusCode: 409, message: "这笔退款已经提交过了，请勿重复操作" });
    expect(await refundsOf(orderId)).toHaveLength(1);

    const unpaid = await localPurchase(false);
    await expect(refundOrder(database.db, unpaid.orderId, 100, "未支付", operator, { gateways })).rejects.toMatchObject({ statusCode: 409, message: "订单未支付，不能退款" });
    await expect(refundOrder(database.db, randomUUID(), 100, "x", operator, { gateways })).rejects.toMatchObject({ statusCode: 404 });
    await expect(refundOrder(database.db, "not-a-uuid", 100, "x", operator, { gateways })).rejects.toMatchObject({ statusCode: 404 });
    expect(await refundsOf(unpaid.orderId)).toEqual([]);
    expect((await auditOf(userId)).length).toBe(1);
    // A provider that is not configured: 503 before anything is written.
    await expect(refundOrder(database.db, orderId, 100, "x", operator, { gateways: {} })).rejects.toMatchObject({ statusCode: 503 });
  });

  it("two operators refunding the whole order at once: one refund, the other refused", async () => {
    const { userId, orderId } = await localPurchase();
    // A slow provider, so both requests are in flight together.
    const slow: RefundGateway = { refund: async () => (await new Promise((resolve) => setTimeout(resolve, 50)), { status: "succeeded", providerRefundId: null }) };
    const outcomes = await Promise.allSettled([0, 1].map(() => refundOrder(database.db, orderId, 4900, "同时点击", operator, { now: LATER, gateways: { local: slow } })));
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((await listPayments(database.db, userId)).filter((row) => row.reason === "refund")).toHaveLength(1);
  });

  it("a provider's refusal is answered in Chinese and leaves nothing behind", async () => {
    const { userId, orderId } = await localPurchase();
    const before = await subscriptionOf(userId);
    const broken: RefundGateway = {
      refund: async () => {
        throw new Error("ECONNRESET");
      },
    };
    await expect(refundOrder(database.db, orderId, 4900, "x", operator, { now: LATER, gateways: { local: broken } })).rejects.toMatchObject({ statusCode: 502, message: "支付渠道暂时无法退款，请稍后重试" });
    expect(await refundsOf(orderId)).toEqual([]);
    expect(await subscriptionOf(userId)).toEqual(before);
    expect(await auditOf(userId)).toEqual([]);
    expect((await listPayments(database.db, userId)).map((row) => row.reason)).toEqual(["checkout"]);
  });

  describe("Stripe, against the fake Stripe API", () => {
    const fake = new FakeStripe();
    let setup: StripeSetup;

    beforeAll(async () => {
      setup = { stripe: createStripeClient("sk_test_fake", await fake.start()), webhookSecret: "whsec_x", prices: {}, siteUrl: "http://localhost:3000" };
    });
    afterAll(() => fake.stop());

    /** A Stripe Checkout of 专业版, completed at Stripe, its webhooks applied; answers the ids. */
    async function stripePurchase() {
      const userId = randomUUID();
      const providers = createPaymentProviders({ stripe: setup });
      await startCheckout(database.db, userId, { planId: "pro", interval: "month" }, { providers, now: BOUGHT });
      const session = [...fake.sessions.values()].at(-1)!;
      const period = { start: seconds("2026-05-01T00:00:00Z"), end: seconds("2026-06-01T00:00:00Z") };
      const subscription = fake.completeSession(session.id, period);
      const deps = { db: database.db, stripe: setup.stripe, prices: setup.prices, now: BOUGHT };
      const event = (type: string, object: unknown) => ({ id: `evt_${randomUUID()}`, object: "event", type, data: { object } }) as unknown as Stripe.Event;
      await processStripeEvent(deps, event("checkout.session.completed", { id: session.id, subscription: subscription.id, client_reference_id: userId, metadata: { userId } }));
      const invoice = { id: session.invoice, object: "invoice", amount_paid: 4900, currency: "cny", billing_reason: "subscription_create", created: period.start, parent: { subscription_details: { subscription: subscription.id, metadata: { userId } } }, lines: { data: [{ period }] } };
      await processStripeEvent(deps, event("invoice.paid", invoice));
      const [order] = await database.db.select({ id: checkoutOrders.id }).from(checkoutOrders).where(eq(checkoutOrders.userId, userId));
      const orderId = order!.id;
      return { userId, orderId, subscriptionId: subscription.id };
    }

    it("a partial refund refunds the PaymentIntent and ends the subscription at the shortened end (cancel_at)", async () => {
      const { userId, orderId, subscriptionId } = await stripePurchase();
      const result = await refundOrder(database.db, orderId, 2450, "部分退款", operator, { now: LATER, gateways: { stripe: stripeRefundGateway(setup) } });
      expect(result).toMatchObject({ status: "succeeded", remaining: 2450, planEnded: false });
      const refund = [...fake.refunds.values()].at(-1)!;
      expect(refund).toMatchObject({ amount: 2450, metadata: { orderId, refundId: result.refundId } });
      const halfMonth = (seconds("2026-06-01T00:00:00Z") - seconds("2026-05-01T00:00:00Z")) / 2;
      const end = seconds("2026-06-01T00:00:00Z") - halfMonth;
      expect(fake.subscriptions.get(subscriptionId)!.cancel_at).toBe(end);
      expect(await subscriptionOf(userId)).toMatchObject({ status: "active", provider: "stripe", currentPeriodEnd: new Date(end * 1000) });
      const [row] = await database.db.select().from(checkoutRefunds).where(eq(checkoutRefunds.id, result.refundId));
      expect(row).toMatchObject({ status: "succeeded", providerRefundId: refund.id });
      expect((await listPayments(database.db, userId)).map((p) => [p.reason, p.amount, p.provider])).toEqual([
        ["refund", -2450, "stripe"],
        ["checkout", 4900, "stripe"],
      ]);

      // Stripe then reports the subscription with cancel_at: our period stays shortened.
      const deps = { db: database.db, stripe: setup.stripe, prices: setup.prices, now: LATER };
      await processStripeEvent(deps, { id: `evt_${randomUUID()}`, type: "customer.subscription.updated", data: { object: fake.subscriptions.get(subscriptionId) } } as unknown as Stripe.Event);
      expect((await subscriptionOf(userId)).currentPeriodEnd).toEqual(new Date(end * 1000));
    });

    it("a full refund cancels the Stripe subscription now: 免费版", async () => {
      const { userId, orderId, subscriptionId } = await stripePurchase();
      const result = await refundOrder(database.db, orderId, 4900, "全额退款", operator, { now: LATER, gateways: { stripe: stripeRefundGateway(setup) } });
      expect(result).toMatchObject({ status: "succeeded", remaining: 0, planEnded: true });
      expect(fake.subscriptions.get(subscriptionId)!.status).toBe("canceled");
      expect((await getSubscriptionSummary(database.db, userId, LATER)).plan.id).toBe("free");
    });

    it("Stripe's refusal is answered in Chinese and nothing changes locally", async () => {
      const { userId, orderId } = await stripePurchase();
      const before = await subscriptionOf(userId);
      const refunds = fake.refunds.size;
      fake.failNext(400, { type: "invalid_request_error", code: "charge_already_refunded", message: "Charge has already been refunded." }, "POST /v1/refunds");
      await expect(refundOrder(database.db, orderId, 4900, "x", operator, { now: LATER, gateways: { stripe: stripeRefundGateway(setup) } })).rejects.toMatchObject({
        statusCode: 502,
        message: "Stripe 退款失败：这笔付款已在 Stripe 全额退款",
      });
      expect(fake.refunds.size).toBe(refunds);
      expect(await refundsOf(orderId)).toEqual([]);
      expect(await subscriptionOf(userId)).toEqual(before);
      expect(await auditOf(userId)).toEqual([]);
    });
  });
});
