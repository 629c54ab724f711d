import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscriptions, type NewSubscription } from "@/lib/db";
import { testTargetKinds, useTestDatabase } from "../../../../test/database-targets";
import { settleLocalSubscription } from "./settle-period";

// Readers (the subscription summary) use the returned row instead of reading it again: it must be
// exactly what a read after the settlement sees, in every branch.
describe.each(testTargetKinds())("settleLocalSubscription's returned row on %s", (kind) => {
  const database = useTestDatabase(kind);
  const now = new Date("2026-03-15T12:00:00Z");

  const readRow = async (userId: string) => (await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1))[0];

  async function settledAndRead(values?: Omit<NewSubscription, "userId">) {
    const userId = randomUUID();
    if (values) await database.db.insert(subscriptions).values({ userId, ...values });
    const returned = await settleLocalSubscription(database.db, userId, now);
    return { returned, read: await readRow(userId) };
  }

  it("is undefined without a subscription", async () => {
    const { returned, read } = await settledAndRead();
    expect(returned).toBeUndefined();
    expect(read).toBeUndefined();
  });

  it("is the unchanged row while the period runs, and for Stripe or canceled rows", async () => {
    for (const values of [
      { planId: "pro", provider: "local", currentPeriodEnd: new Date("2026-04-01T00:00:00Z") },
      { planId: "pro", provider: "stripe", currentPeriodEnd: new Date("2026-03-01T00:00:00Z") },
      { planId: "pro", status: "canceled", currentPeriodEnd: new Date("2026-03-01T00:00:00Z") },
    ] satisfies Array<Omit<NewSubscription, "userId">>) {
      const { returned, read } = await settledAndRead(values);
      expect(returned).toEqual(read);
      expect(returned?.updatedAt).toEqual(read?.updatedAt);
    }
  });

  it("is the canceled row after a period that was to end, and the renewed row after one that renews", async () => {
    const ended = await settledAndRead({ planId: "pro", provider: "local", cancelAtPeriodEnd: true, currentPeriodEnd: new Date("2026-03-01T00:00:00Z") });
    expect(ended.returned).toMatchObject({ status: "canceled", updatedAt: now });
    expect(ended.returned).toEqual(ended.read);

    const renewed = await settledAndRead({
      planId: "pro",
      provider: "local",
      currentPeriodStart: new Date("2026-01-01T00:00:00Z"),
      currentPeriodEnd: new Date("2026-02-01T00:00:00Z"),
    });
    expect(renewed.returned).toMatchObject({ status: "active", currentPeriodStart: new Date("2026-03-01T00:00:00Z"), currentPeriodEnd: new Date("2026-04-01T00:00:00Z") });
    expect(renewed.returned).toEqual(renewed.read);
  });
});
