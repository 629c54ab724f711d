import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getPlanCatalog, getSubscriptionSummary, startCheckout } from "@/features/billing/server";
import { reserveAiCall } from "@/features/metering/server";
import { completeLocalOrder } from "@/features/billing/server/checkout-orders";
import { createPaymentProviders } from "@/features/billing/server/providers";
import { adminAuditLog, subscriptions } from "@/lib/db";
import { testTargetKinds, useTestDatabase } from "../../../../../test/database-targets";
import { createPlan, deletePlan, getAdminPlan, updatePlan } from "./plan-admin";
import { planFieldsBody, updatePlanBody, type UpdatePlanInput } from "./plan-input";

const providers = createPaymentProviders({ localTestMode: true });
const actor = { userId: randomUUID(), ip: "203.0.113.9" };

describe.each(testTargetKinds())("the plans console on %s", (kind) => {
  const database = useTestDatabase(kind);

  /** A user who paid for a renewing month of `planId` at `now` (local checkout). */
  async function subscriber(planId: string, now: Date): Promise<string> {
    const userId = randomUUID();
    const { url } = await startCheckout(database.db, userId, { planId, interval: "month" }, { now, providers });
    await completeLocalOrder(database.db, userId, url.split("/").pop()!, now);
    return userId;
  }

  async function edit(planId: string, change: Partial<UpdatePlanInput>, now: Date) {
    const plan = (await getAdminPlan(database.db, planId))!;
    // The row's fields as the form would send them (JSON drops the two the body does not take).
    const fields: unknown = JSON.parse(JSON.stringify({ ...plan, subscribers: undefined, id: undefined, ...change }));
    return updatePlan(database.db, actor, planId, updatePlanBody.parse(fields), now);
  }

  const quotaOf = async (userId: string, now: Date) => (await getSubscriptionSummary(database.db, userId, now)).usage.tokensQuota;

  it("applies a new monthly token quota from each subscriber's next period", async () => {
    const start = new Date("2026-04-10T02:00:00Z");
    const userId = await subscriber("pro", start);
    expect(await quotaOf(userId, start)).toBe(2_000_000);
    await edit("pro", { monthlyTokenQuota: 3_000_000 }, new Date("2026-04-15T00:00:00Z"));
    // The running period keeps what it started with; a new subscriber gets the new figure at once.
    expect(await quotaOf(userId, new Date("2026-04-20T00:00:00Z"))).toBe(2_000_000);
    const newcomer = await subscriber("pro", new Date("2026-04-20T00:00:00Z"));
    expect(await quotaOf(newcomer, new Date("2026-04-20T00:00:00Z"))).toBe(3_000_000);
    // The renewal on 2026-05-10 starts a period with the new quota (the AI proxy's admission agrees).
    expect(await quotaOf(userId, new Date("2026-05-11T00:00:00Z"))).toBe(3_000_000);
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(row).toMatchObject({ periodTokenQuota: 3_000_000, currentPeriodStart: new Date("2026-05-10T02:00:00Z") });
  });

  it("applies it to current periods at once with 立即生效, for admission too", async () => {
    const now = new Date("2026-06-01T00:00:00Z");
    const userId = await subscriber("team", now);
    expect(await quotaOf(userId, now)).toBe(10_000_000);
    await edit("team", { monthlyTokenQuota: 0, applyQuotaNow: true }, now);
    expect(await quotaOf(userId, now)).toBe(0);
    expect(await reserveAiCall(database.db, userId, now)).toMatchObject({ admitted: false, status: 402 });
    const [audit] = await database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "plans.update")).orderBy(adminAuditLog.createdAt).offset(1);
    expect(audit).toMatchObject({ actorId: actor.userId, ip: "203.0.113.9", before: expect.objectContaining({ planId: "team", monthlyTokenQuota: 10_000_000 }), after: expect.objectContaining({ monthlyTokenQuota: 0, quotaAppliedNow: true }) });
  });

  it("keeps a hidden plan for its subscribers, and deletes only a plan nobody is on", async () => {
    const now = new Date("2026-07-01T00:00:00Z");
    const fields = planFieldsBody.parse({ name: "企业版", description: "", monthlyPriceFen: 100_00, yearlyPriceFen: 1_000_00, monthlyTokenQuota: 1, storageBytes: 1, maxConcurrentAiCalls: 1, features: [], visible: true, position: 50, stripeMonthPriceId: null, stripeYearPriceId: null });
    await createPlan(database.db, actor, { id: "enterprise", ...fields }, now);
    const userId = await subscriber("enterprise", now);
    await edit("enterprise", { visible: false }, now);
    expect((await getSubscriptionSummary(database.db, userId, now)).plan).toMatchObject({ id: "enterprise", name: "企业版" });
    expect((await getPlanCatalog(database.db)).visiblePlans().map((plan) => plan.id)).not.toContain("enterprise");
    await expect(deletePlan(database.db, actor, "enterprise")).rejects.toMatchObject({ statusCode: 409 });
    await expect(deletePlan(database.db, actor, "free")).rejects.toMatchObject({ statusCode: 400 });
    await expect(edit("free", { visible: false }, now)).rejects.toMatchObject({ statusCode: 400 });

    await database.db.update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.userId, userId));
    await deletePlan(database.db, actor, "enterprise");
    expect((await getPlanCatalog(database.db)).find("enterprise")).toBeUndefined();
    // A former subscriber falls back to the free plan.
    expect((await getSubscriptionSummary(database.db, userId, now)).plan.id).toBe("free");
  });
});
