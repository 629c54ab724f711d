/**
 * What a plan is (client-safe). The plans themselves live in the database (`billing_plans`, edited at
 * /admin/plans): server code reads them through `getPlanCatalog` (server/plan-catalog.ts) and hands
 * client components the public ones as props. Prices are in 分; quotas in tokens per calendar month.
 */

/** A plan's id: a slug the operator chose (`free`, `pro`, `team`, `enterprise`, …), checked against the database. */
export type PlanId = string;

export type BillingInterval = "month" | "year";

export const BILLING_INTERVALS = ["month", "year"] as const satisfies readonly BillingInterval[];

/** The plan everyone is on without a paid subscription: always present, never hidden or deleted. */
export const FREE_PLAN_ID: PlanId = "free";

/** The shape of a plan id: lower-case letters, digits and hyphens, starting with a letter. */
export const PLAN_ID_PATTERN = /^[a-z][a-z0-9-]{1,31}$/;

/** The highest API requests-per-minute ceiling a plan (and so a key) may have. */
export const MAX_API_REQUESTS_PER_MINUTE = 100_000;

export type Plan = {
  id: PlanId;
  name: string;
  description: string;
  monthlyPriceFen: number;
  yearlyPriceFen: number;
  monthlyTokenQuota: number;
  /** Bytes a user may keep in file storage (enforced by the embedded storage service). */
  storageBytes: number;
  /** AI calls (chat / workflow / completion) one user may have in flight at once; more answer 429. */
  maxConcurrentAiCalls: number;
  /** The ceiling of a personal API key's requests per minute: each key's own limit is at most this. */
  apiRequestsPerMinute: number;
  /** Selling points shown under the price (the token quota line is added from `monthlyTokenQuota`). */
  features: readonly string[];
  /** Hidden plans are not offered (pricing, checkout); their subscribers keep them. */
  visible: boolean;
  /** Order on the pricing page, cheapest first: a higher position is an upgrade. */
  position: number;
  /** The apps whose calls the plan's tokens pay for (the others: 按量付费 from the balance, or refused). */
  appAccess: PlanAppAccess;
};

/** Every app; only the listed apps; or every app but the listed ones (by appid). */
export type PlanAppAccess = { mode: "all" } | { mode: "only" | "except"; apps: readonly string[] };

export const EVERY_APP: PlanAppAccess = { mode: "all" };

/** A mutable copy (the database column's type). */
export function copyAppAccess(access: PlanAppAccess): { mode: "all" } | { mode: "only" | "except"; apps: string[] } {
  return access.mode === "all" ? { mode: "all" } : { mode: access.mode, apps: [...access.apps] };
}

/** Whether the plan's tokens pay for a call of `appid`. */
export function planCoversApp(access: PlanAppAccess, appid: string): boolean {
  if (access.mode === "all") return true;
  return access.apps.includes(appid) === (access.mode === "only");
}

/** Price of one billing period in 分 (the minor unit stored with orders and payments). */
export function planPriceFen(plan: Pick<Plan, "monthlyPriceFen" | "yearlyPriceFen">, interval: BillingInterval): number {
  return interval === "year" ? plan.yearlyPriceFen : plan.monthlyPriceFen;
}

/** Price of one billing period in CNY (元), for display only. */
export function planPriceCny(plan: Pick<Plan, "monthlyPriceFen" | "yearlyPriceFen">, interval: BillingInterval): number {
  return planPriceFen(plan, interval) / 100;
}

/** Order of `plans` (position, then id): a higher rank is an upgrade; -1 for an unknown id. */
export function planRank(plans: readonly Plan[], planId: PlanId): number {
  return sortPlans(plans).findIndex((plan) => plan.id === planId);
}

/** The plans in pricing order. */
export function sortPlans<T extends Pick<Plan, "id" | "position">>(plans: readonly T[]): T[] {
  return [...plans].sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
}
