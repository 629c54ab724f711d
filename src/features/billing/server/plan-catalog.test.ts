import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { billingPlans, openDatabase, type Database } from "@/lib/db";
import { clusterEventsFor } from "@/lib/db/cluster-events";
import { testTargetKinds, useTestDatabase } from "../../../../test/database-targets";
import { startCheckout } from "./billing-actions";
import { getCheckoutOrder } from "./checkout-orders";
import { announcePlansChanged, ensurePlansSeeded, getPlanCatalog } from "./plan-catalog";
import { createPaymentProviders } from "./providers";

const providers = createPaymentProviders({ localTestMode: true });
/**
 * Announces a change and waits until this process has heard it back: on PostgreSQL the NOTIFY also
 * reaches the announcer, later, and would otherwise empty a cache the test has just refilled.
 */
async function announced(db: Database, planId: string): Promise<void> {
  let heard: () => void = () => undefined;
  const back = new Promise<void>((resolve) => (heard = resolve));
  const stop = await clusterEventsFor(db).subscribe("spark_billing_plans_changed", () => heard());
  await announcePlansChanged(db, planId);
  await back;
  stop();
}

const orderIdOf = (url: string) => /^\/checkout\/([0-9a-f-]{36})$/.exec(url)![1]!;

describe.each(testTargetKinds())("the plan catalog on %s", (kind) => {
  const database = useTestDatabase(kind);

  it("seeds a fresh database once and never writes over the operator's plans", async () => {
    const catalog = await getPlanCatalog(database.db);
    expect(catalog.plans.map((plan) => [plan.id, plan.monthlyPriceFen, plan.yearlyPriceFen, plan.visible])).toEqual([
      ["free", 0, 0, true],
      ["pro", 4_900, 49_000, true],
      ["team", 19_900, 199_000, true],
    ]);
    await database.db.update(billingPlans).set({ name: "专业版 Plus", monthlyPriceFen: 5_990 }).where(eq(billingPlans.id, "pro"));
    await database.db.delete(billingPlans).where(eq(billingPlans.id, "team"));
    await ensurePlansSeeded(database.db);
    const rows = await database.db.select().from(billingPlans);
    expect(rows.map((row) => row.id).sort()).toEqual(["free", "pro"]);
    expect(rows.find((row) => row.id === "pro")).toMatchObject({ name: "专业版 Plus", monthlyPriceFen: 5_990 });
    // Only the free plan (everyone's fallback) is put back if it is missing.
    await database.db.delete(billingPlans).where(eq(billingPlans.id, "free"));
    await ensurePlansSeeded(database.db);
    expect((await database.db.select().from(billingPlans)).map((row) => row.id).sort()).toEqual(["free", "pro"]);
  });

  it("answers from its cache until a change is announced, then reads the database again", async () => {
    await database.db.update(billingPlans).set({ description: "旧简介" }).where(eq(billingPlans.id, "pro"));
    await announced(database.db, "pro");
    expect((await getPlanCatalog(database.db)).find("pro")?.description).toBe("旧简介");
    await database.db.update(billingPlans).set({ description: "新简介" }).where(eq(billingPlans.id, "pro"));
    // Unannounced (a write behind the console's back): the cache still answers.
    expect((await getPlanCatalog(database.db)).find("pro")?.description).toBe("旧简介");
    await announced(database.db, "pro");
    expect((await getPlanCatalog(database.db)).find("pro")?.description).toBe("新简介");
  });

  it("prices a new order from the plan in the database at order time, and sells no hidden plan", async () => {
    await database.db.insert(billingPlans).values({ id: "enterprise", name: "企业版", monthlyPriceFen: 123_456, yearlyPriceFen: 1_234_560, monthlyTokenQuota: 50_000_000, storageBytes: 1024 ** 4, maxConcurrentAiCalls: 16, features: [], position: 30 });
    await database.db.update(billingPlans).set({ monthlyPriceFen: 6_600 }).where(eq(billingPlans.id, "pro"));
    await announcePlansChanged(database.db, "*");
    const userId = randomUUID();
    const now = new Date("2026-03-01T00:00:00Z");
    const pro = await startCheckout(database.db, userId, { planId: "pro", interval: "month" }, { now, providers });
    expect(await getCheckoutOrder(database.db, userId, orderIdOf(pro.url))).toMatchObject({ planId: "pro", amount: 6_600 });
    const enterprise = await startCheckout(database.db, randomUUID(), { planId: "enterprise", interval: "year" }, { now, providers });
    expect(enterprise.url).toMatch(/^\/checkout\//);

    await database.db.update(billingPlans).set({ visible: false }).where(eq(billingPlans.id, "enterprise"));
    await announcePlansChanged(database.db, "enterprise");
    await expect(startCheckout(database.db, randomUUID(), { planId: "enterprise", interval: "month" }, { now, providers })).rejects.toMatchObject({ statusCode: 400 });
    await expect(startCheckout(database.db, randomUUID(), { planId: "gold", interval: "month" }, { now, providers })).rejects.toMatchObject({ statusCode: 400 });
    expect((await getPlanCatalog(database.db)).visiblePlans().map((plan) => plan.id)).toEqual(["free", "pro"]);
  });

  if (kind === "postgres") {
    it("empties the cache of another process sharing the database (spark_billing_plans_changed)", async () => {
      const other = await openDatabase(database.target);
      try {
        expect((await getPlanCatalog(other.db)).find("pro")?.name).toBe("专业版 Plus");
        await database.db.update(billingPlans).set({ name: "专业版 2026" }).where(eq(billingPlans.id, "pro"));
        await announcePlansChanged(database.db, "pro");
        const deadline = Date.now() + 5_000;
        let name: string | undefined;
        while (Date.now() < deadline && (name = (await getPlanCatalog(other.db)).find("pro")?.name) !== "专业版 2026") await new Promise((resolve) => setTimeout(resolve, 50));
        expect(name).toBe("专业版 2026");
      } finally {
        await other.close();
      }
    });
  }
});
