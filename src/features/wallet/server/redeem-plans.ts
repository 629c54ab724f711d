import type { Database } from "@/lib/db";

/**
 * What plan codes need of billing, handed in by the caller (billing's `redeemablePlans`): the wallet
 * cannot import billing's server, which imports the wallet's.
 */
export interface RedeemPlans {
  /** A paid plan's name, or null when no such paid plan exists (deleted, or the free plan). */
  nameOf(planId: string): string | null;
  /** Gives the user `planId` for `days` more days in the caller's transaction; refuses in Chinese (ApiRouteError). */
  grant(tx: Database, userId: string, planId: string, days: number, now: Date): Promise<{ periodEnd: Date }>;
}
