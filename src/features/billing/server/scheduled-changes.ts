import { eq } from "drizzle-orm";
import { scheduledPlanChanges, type Database, type ScheduledPlanChange } from "@/lib/db";
import type { BillingInterval, PlanId } from "../plans";

export async function getScheduledChange(db: Database, userId: string): Promise<ScheduledPlanChange | undefined> {
  const [row] = await db.select().from(scheduledPlanChanges).where(eq(scheduledPlanChanges.userId, userId)).limit(1);
  return row;
}

/** Records (or replaces) the user's one pending downgrade. */
export async function saveScheduledChange(
  db: Database,
  change: { userId: string; planId: PlanId; interval: BillingInterval; effectiveAt: Date },
): Promise<void> {
  const { userId, ...values } = change;
  await db
    .insert(scheduledPlanChanges)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: scheduledPlanChanges.userId, set: { ...values, createdAt: new Date() } });
}

export async function clearScheduledChange(db: Database, userId: string): Promise<void> {
  await db.delete(scheduledPlanChanges).where(eq(scheduledPlanChanges.userId, userId));
}
