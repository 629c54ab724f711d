import type { Database } from "@/lib/db";
import { getActiveSubscriptionRow } from "./activate";
import { getPlanCatalog } from "./plan-catalog";

/** The user's plan in force (the free plan without a live subscription) and its API requests-per-minute ceiling. */
export async function apiRequestsPerMinuteCeiling(db: Database, userId: string): Promise<{ planName: string; ceiling: number }> {
  const [row, catalog] = await Promise.all([getActiveSubscriptionRow(db, userId), getPlanCatalog(db)]);
  const plan = catalog.orFree(row?.planId);
  return { planName: plan.name, ceiling: plan.apiRequestsPerMinute };
}
