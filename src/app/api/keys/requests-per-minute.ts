import { apiRequestsPerMinuteCeiling } from "@/features/billing/server";
import { ApiRouteError } from "@/lib/api";
import type { Database } from "@/lib/db";

/** A key's own per-minute limit may not exceed the plan's ceiling: 400 with the ceiling in Chinese. */
export async function assertUnderCeiling(db: Database, userId: string, requestsPerMinute: number | null | undefined): Promise<void> {
  if (requestsPerMinute === null || requestsPerMinute === undefined) return;
  const { planName, ceiling } = await apiRequestsPerMinuteCeiling(db, userId);
  if (requestsPerMinute > ceiling) throw new ApiRouteError(400, `每分钟请求数不能超过${planName}的上限 ${ceiling} 次`);
}
