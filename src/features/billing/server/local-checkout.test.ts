import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ApiRouteError } from "@/lib/api";
import { testTargetKinds, useTestDatabase } from "../../../../test/database-targets";
import { changeSubscription, startCheckout } from "./billing-actions";
import { cancelLocalOrder, completeLocalOrder, getCheckoutOrder } from "./checkout-orders";
import { listPayments } from "./payments";
import { createPaymentProviders } from "./providers";
import { stripeDefinition } from "./stripe/definition";
import { getSubscriptionSummary } from "./subscription-summary";

const providers = createPaymentProviders({ localTestMode: true });

describe.each(testTargetKinds())("local checkout on %s", (kind) => {
  const database = useTestDatabase(kind);

  const at = (iso: string) => new Date(iso);
  const checkout = (userId: string, planId: "pro" | "team", interval: "month" | "year", now: Date) =>
    startCheckout(database.db, userId, { planId, interval }, { now, providers });
  const orderIdOf = (url: string) => /^\/checkout\/([0-9a-f-]{36})$/.exec(url)![1]!;
  const summary = (userId: string, now: Date) => getSubscriptionSummary(database.db, userId, now);

  /** A user who paid for `planId` at `now` through the local checkout. */
  async function subscribed(planId: "pro" | "team", interval: "month" | "year", now: Date): Promise<string> {
    const userId = randomUUID();
    const { url } = await checkout(userId, planId, interval, now);
    await completeLocalOrder(database.db, userId, orderIdOf(url), now);
    return userId;
  }

  it("activates the plan at once on 支付成功 and records the payment", async () => {
    const userId = randomUUID();
    const now = at("2026-01-31T10:00:00Z");
    const { url } = await checkout(userId, "pro", "month", now);
    const order = await getCheckoutOrder(database.db, userId, orderIdOf(url));
    expect(order).toMatchObject({ planId: "pro", interval: "month", amount: 4900, status: "pending", provider: "local" });
    expect(await getCheckoutOrder(database.db, randomUUID(), orderIdOf(url))).toBeUndefined();

    await completeLocalOrder(database.db, userId, orderIdOf(url), now);
    expect(await summary(userId, now)).toMatchObject({
      plan: { id: "pro", name: "专业版", monthlyTokenQuota: 2_000_000 },
      status: "active",
      interval: "month",
      provider: "local",
      currentPeriodStart: "2026-01-31T10:00:00.000Z",
      // One calendar month, clamped to the end of February.
      currentPeriodEnd: "2026-02-28T10:00:00.000Z",
      cancelAtPeriodEnd: false,
      pendingChange: null,
    });
    expect(await listPayments(database.db, userId)).toMatchObject([{ planName: "专业版", amount: 4900, currency: "cny", reason: "checkout", provider: "local" }]);
    expect(await listPayments(database.db, randomUUID())).toEqual([]);

    // Paying twice (double click, second tab) is refused and records nothing more.
    await expect(completeLocalOrder(database.db, userId, orderIdOf(url), now)).rejects.toMatchObject({ statusCode: 409 });
    expect(await listPayments(database.db, userId)).toHaveLength(1);
  });

  it("取消 closes the order and changes nothing else", async () => {
    const userId = randomUUID();
    const now = at("2026-03-01T00:00:00Z");
    const { url } = await checkout(userId, "team", "year", now);
    await cancelLocalOrder(database.db, userId, orderIdOf(url), now);
    expect((await getCheckoutOrder(database.db, userId, orderIdOf(url)))?.status).toBe("canceled");
    expect((await summary(userId, now)).plan.id).toBe("free");
    await expect(completeLocalOrder(database.db, userId, orderIdOf(url), now)).rejects.toMatchObject({ statusCode: 409 });
    await expect(cancelLocalOrder(database.db, randomUUID(), orderIdOf(url), now)).rejects.toMatchObject({ statusCode: 404 });
  });

  it("refuses checkout for the free plan, the same plan, or a cheaper plan", async () => {
    const now = at("2026-03-01T00:00:00Z");
    const userId = await subscribed("team", "month", now);
    await expect(startCheckout(database.db, userId, { planId: "free", interval: "month" }, { now, providers })).rejects.toBeInstanceOf(ApiRouteError);
    await expect(checkout(userId, "pro", "month", now)).rejects.toMatchObject({ statusCode: 409 });
    // The same plan, month or year, is a renewal of the running one-off period.
    await expect(checkout(userId, "team", "month", now)).resolves.toMatchObject({ url: expect.stringMatching(/^\/checkout\//) });
    await expect(checkout(userId, "team", "year", now)).resolves.toMatchObject({ url: expect.stringMatching(/^\/checkout\//) });
    // With Stripe taking new checkouts, the same plan again is refused: a Stripe subscription renews itself.
    const stripeLike = { ...providers, checkout: { ...providers.checkout!, id: stripeDefinition.id, definition: stripeDefinition } };
    await expect(startCheckout(database.db, userId, { planId: "team", interval: "month" }, { now, providers: stripeLike })).rejects.toMatchObject({
      statusCode: 409,
      message: "您已订阅该套餐",
    });
  });

  it("续费 extends the period from its end, not from now, and records each order's own period", async () => {
    const start = at("2026-01-10T00:00:00Z");
    const userId = await subscribed("pro", "month", start);
    const later = at("2026-01-25T08:00:00Z");
    const { url } = await checkout(userId, "pro", "month", later);
    await completeLocalOrder(database.db, userId, orderIdOf(url), later);
    expect(await summary(userId, later)).toMatchObject({ plan: { id: "pro" }, currentPeriodStart: start.toISOString(), currentPeriodEnd: "2026-03-10T00:00:00.000Z" });
    expect(await getCheckoutOrder(database.db, userId, orderIdOf(url))).toMatchObject({ periodStart: at("2026-02-10T00:00:00Z"), periodEnd: at("2026-03-10T00:00:00Z") });
    // A yearly renewal stacks on top: one year from the extended end.
    const { url: yearly } = await checkout(userId, "pro", "year", later);
    await completeLocalOrder(database.db, userId, orderIdOf(yearly), later);
    expect(await summary(userId, later)).toMatchObject({ interval: "year", currentPeriodStart: start.toISOString(), currentPeriodEnd: "2027-03-10T00:00:00.000Z" });
    expect((await listPayments(database.db, userId)).map((payment) => [payment.periodStart, payment.periodEnd])).toEqual([
      ["2026-03-10T00:00:00.000Z", "2027-03-10T00:00:00.000Z"],
      ["2026-02-10T00:00:00.000Z", "2026-03-10T00:00:00.000Z"],
      ["2026-01-10T00:00:00.000Z", "2026-02-10T00:00:00.000Z"],
    ]);
  });

  it("two renewals paid at once stack one after the other (the subscription row is locked while the period is computed)", async () => {
    const start = at("2026-09-01T00:00:00Z");
    const userId = await subscribed("pro", "month", start);
    const later = at("2026-09-05T00:00:00Z");
    const [first, second] = [await checkout(userId, "pro", "month", later), await checkout(userId, "pro", "month", later)];
    await Promise.all([completeLocalOrder(database.db, userId, orderIdOf(first.url), later), completeLocalOrder(database.db, userId, orderIdOf(second.url), later)]);
    expect(await summary(userId, later)).toMatchObject({ currentPeriodStart: start.toISOString(), currentPeriodEnd: "2026-12-01T00:00:00.000Z" });
    const periods = (await listPayments(database.db, userId)).map((payment) => payment.periodStart).sort();
    expect(periods).toEqual(["2026-09-01T00:00:00.000Z", "2026-10-01T00:00:00.000Z", "2026-11-01T00:00:00.000Z"]);
  });

  it("an upgrade still starts now; a lapsed plan bought again starts now", async () => {
    const start = at("2026-05-01T00:00:00Z");
    const userId = await subscribed("pro", "month", start);
    await changeSubscription(database.db, userId, { action: "cancel" }, { now: start, providers });
    const afterEnd = at("2026-06-03T00:00:00Z");
    expect((await summary(userId, afterEnd)).plan.id).toBe("free");
    const { url } = await checkout(userId, "pro", "month", afterEnd);
    await completeLocalOrder(database.db, userId, orderIdOf(url), afterEnd);
    expect(await summary(userId, afterEnd)).toMatchObject({ currentPeriodStart: afterEnd.toISOString(), currentPeriodEnd: "2026-07-03T00:00:00.000Z" });
  });

  it("upgrades at once through checkout", async () => {
    const now = at("2026-04-10T00:00:00Z");
    const userId = await subscribed("pro", "month", now);
    const later = at("2026-04-20T00:00:00Z");
    const { url } = await checkout(userId, "team", "month", later);
    await completeLocalOrder(database.db, userId, orderIdOf(url), later);
    expect(await summary(userId, later)).toMatchObject({ plan: { id: "team" }, currentPeriodStart: later.toISOString(), currentPeriodEnd: "2026-05-20T00:00:00.000Z" });
    expect((await listPayments(database.db, userId)).map((payment) => payment.planName)).toEqual(["团队版", "专业版"]);
  });

  it("renews lazily when the period end has passed, one payment per period", async () => {
    const userId = await subscribed("pro", "month", at("2026-01-15T00:00:00Z"));
    const state = await summary(userId, at("2026-03-20T00:00:00Z"));
    expect(state).toMatchObject({ plan: { id: "pro" }, currentPeriodStart: "2026-03-15T00:00:00.000Z", currentPeriodEnd: "2026-04-15T00:00:00.000Z" });
    const history = await listPayments(database.db, userId);
    expect(history.map((payment) => [payment.reason, payment.periodStart])).toEqual([
      ["renewal", "2026-03-15T00:00:00.000Z"],
      ["renewal", "2026-02-15T00:00:00.000Z"],
      ["checkout", "2026-01-15T00:00:00.000Z"],
    ]);
    // Reading again (or concurrently) renews nothing more.
    await Promise.all([summary(userId, at("2026-03-21T00:00:00Z")), summary(userId, at("2026-03-21T00:00:00Z"))]);
    expect(await listPayments(database.db, userId)).toHaveLength(3);
  });

  it("cancels at the period end, can resume before it, and falls back to free after it", async () => {
    const start = at("2026-06-01T00:00:00Z");
    const userId = await subscribed("pro", "month", start);
    await changeSubscription(database.db, userId, { action: "cancel" }, { now: start, providers });
    expect(await summary(userId, start)).toMatchObject({ plan: { id: "pro" }, cancelAtPeriodEnd: true, currentPeriodEnd: "2026-07-01T00:00:00.000Z" });
    await expect(changeSubscription(database.db, userId, { action: "cancel" }, { now: start, providers })).rejects.toMatchObject({ statusCode: 409 });

    await changeSubscription(database.db, userId, { action: "resume" }, { now: start, providers });
    expect((await summary(userId, start)).cancelAtPeriodEnd).toBe(false);

    await changeSubscription(database.db, userId, { action: "cancel" }, { now: start, providers });
    expect((await summary(userId, at("2026-06-30T23:59:59Z"))).plan.id).toBe("pro");
    const after = await summary(userId, at("2026-07-01T00:00:00Z"));
    expect(after).toMatchObject({ plan: { id: "free" }, provider: null, currentPeriodEnd: null, cancelAtPeriodEnd: false });
    expect(await listPayments(database.db, userId)).toHaveLength(1);
    await expect(changeSubscription(database.db, userId, { action: "resume" }, { now: at("2026-07-02T00:00:00Z"), providers })).rejects.toMatchObject({ statusCode: 409 });
  });

  it("downgrades at the period end: the current plan stays until then", async () => {
    const start = at("2026-08-10T00:00:00Z");
    const userId = await subscribed("team", "month", start);
    await expect(changeSubscription(database.db, userId, { action: "downgrade", planId: "team" }, { now: start, providers })).rejects.toMatchObject({ statusCode: 409 });
    await changeSubscription(database.db, userId, { action: "downgrade", planId: "pro" }, { now: start, providers });
    expect(await summary(userId, start)).toMatchObject({
      plan: { id: "team" },
      pendingChange: { planId: "pro", planName: "专业版", interval: "month", effectiveAt: "2026-09-10T00:00:00.000Z" },
    });

    const next = await summary(userId, at("2026-09-10T00:00:01Z"));
    expect(next).toMatchObject({ plan: { id: "pro" }, pendingChange: null, currentPeriodStart: "2026-09-10T00:00:00.000Z", currentPeriodEnd: "2026-10-10T00:00:00.000Z" });
    expect((await listPayments(database.db, userId))[0]).toMatchObject({ planName: "专业版", amount: 4900, reason: "renewal" });
  });

  it("undoing a downgrade keeps the plan; downgrading to free is a cancellation", async () => {
    const start = at("2026-10-05T00:00:00Z");
    const userId = await subscribed("team", "year", start);
    await changeSubscription(database.db, userId, { action: "downgrade", planId: "pro" }, { now: start, providers });
    await changeSubscription(database.db, userId, { action: "undo-downgrade" }, { now: start, providers });
    expect((await summary(userId, start)).pendingChange).toBeNull();

    await changeSubscription(database.db, userId, { action: "downgrade", planId: "free" }, { now: start, providers });
    expect(await summary(userId, start)).toMatchObject({ plan: { id: "team" }, cancelAtPeriodEnd: true, pendingChange: null, currentPeriodEnd: "2027-10-05T00:00:00.000Z" });
    expect((await summary(userId, at("2027-10-05T00:00:00Z"))).plan.id).toBe("free");
  });

  it("refuses subscription changes without a paid plan", async () => {
    await expect(changeSubscription(database.db, randomUUID(), { action: "cancel" }, { providers })).rejects.toMatchObject({ statusCode: 409, message: "您当前没有付费订阅" });
  });
});
