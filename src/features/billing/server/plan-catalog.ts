import { count } from "drizzle-orm";
import { billingPlans, getDatabase, type BillingPlanRow, type Database } from "@/lib/db";
import { clusterEventsFor } from "@/lib/db/cluster-events";
import { copyAppAccess, FREE_PLAN_ID, planRank, sortPlans, type BillingInterval, type Plan, type PlanId } from "../plans";
import { SEED_PLANS } from "./plan-seed";

/** A plan with what only the server needs: the Stripe price ids the operator set (null: env / lookup key). */
export type BillingPlan = Plan & { stripePriceIds: Record<BillingInterval, string | null> };

/** The plans in force, read once: every look-up of one request answers from the same snapshot. */
export class PlanCatalog {
  readonly plans: readonly BillingPlan[];

  constructor(plans: readonly BillingPlan[]) {
    this.plans = sortPlans(plans);
  }

  find(planId: string | null | undefined): BillingPlan | undefined {
    return planId ? this.plans.find((plan) => plan.id === planId) : undefined;
  }

  /** The plan for an id, falling back to the free plan for unknown ids (e.g. a plan since deleted). */
  orFree(planId: string | null | undefined): BillingPlan {
    return this.find(planId) ?? this.find(FREE_PLAN_ID)!;
  }

  rank(planId: PlanId): number {
    return planRank(this.plans, planId);
  }

  /** What a browser may see: the visible plans (pricing, checkout) without the provider ids. */
  visiblePlans(): Plan[] {
    return this.plans.filter((plan) => plan.visible).map(toPublicPlan);
  }

  /** Every plan, hidden ones too (a subscriber's hidden plan, the console), without the provider ids. */
  publicPlans(): Plan[] {
    return this.plans.map(toPublicPlan);
  }
}

export function toPublicPlan(plan: BillingPlan): Plan {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    monthlyPriceFen: plan.monthlyPriceFen,
    yearlyPriceFen: plan.yearlyPriceFen,
    monthlyTokenQuota: plan.monthlyTokenQuota,
    storageBytes: plan.storageBytes,
    maxConcurrentAiCalls: plan.maxConcurrentAiCalls,
    apiRequestsPerMinute: plan.apiRequestsPerMinute,
    features: [...plan.features],
    visible: plan.visible,
    position: plan.position,
    appAccess: plan.appAccess,
  };
}

export function planFromRow(row: BillingPlanRow): BillingPlan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    monthlyPriceFen: row.monthlyPriceFen,
    yearlyPriceFen: row.yearlyPriceFen,
    monthlyTokenQuota: row.monthlyTokenQuota,
    storageBytes: row.storageBytes,
    maxConcurrentAiCalls: row.maxConcurrentAiCalls,
    apiRequestsPerMinute: row.apiRequestsPerMinute,
    features: row.features,
    visible: row.visible,
    position: row.position,
    appAccess: row.appAccess,
    stripePriceIds: { month: row.stripeMonthPriceId, year: row.stripeYearPriceId },
  };
}

const seedRow = (plan: Plan) => ({ ...plan, features: [...plan.features], appAccess: copyAppAccess(plan.appAccess) });

/**
 * The seed rule: an empty `billing_plans` (a fresh database) gets the seed plans; otherwise only a
 * missing free plan is put back (everyone falls back to it). Existing rows are never written over.
 */
export async function ensurePlansSeeded(db: Database): Promise<void> {
  const [row] = await db.select({ total: count() }).from(billingPlans);
  const seeds = Number(row?.total ?? 0) === 0 ? SEED_PLANS : SEED_PLANS.filter((plan) => plan.id === FREE_PLAN_ID);
  for (const plan of seeds) await db.insert(billingPlans).values(seedRow(plan)).onConflictDoNothing();
}

// Long: every write announces itself; this only bounds what a lost announcement leaves stale.
const CATALOG_TTL_MS = 60_000;

type Cached = { catalog: Promise<PlanCatalog>; expiresAt: number };
// Kept on the database object under a global symbol (not a module map): Next.js bundles this module
// into several server chunks, and one write must empty all of their caches.
const CATALOG = Symbol.for("sparkai.billing.planCatalog");
type Tagged = Database & { [CATALOG]?: { cached?: Cached; listening?: Promise<unknown> } };

function stateOf(db: Database) {
  const tagged = db as Tagged;
  if (!tagged[CATALOG]) Object.defineProperty(tagged, CATALOG, { value: {}, configurable: true });
  return tagged[CATALOG]!;
}

async function loadCatalog(db: Database): Promise<PlanCatalog> {
  await ensurePlansSeeded(db);
  const rows = await db.select().from(billingPlans);
  return new PlanCatalog(rows.map(planFromRow));
}

/**
 * The plans in force, cached per process. A plan change in any process publishes
 * `spark_billing_plans_changed` (`announcePlansChanged`), which empties every process's cache.
 */
export async function getPlanCatalog(db?: Database): Promise<PlanCatalog> {
  const database = db ?? (await getDatabase());
  const state = stateOf(database);
  state.listening ??= clusterEventsFor(database)
    .subscribe("spark_billing_plans_changed", () => {
      state.cached = undefined;
    })
    .catch((error: unknown) => {
      state.listening = undefined;
      console.error("[billing] 无法接收套餐的变更通知", error);
    });
  await state.listening;
  if (state.cached && state.cached.expiresAt > Date.now()) return state.cached.catalog;
  const catalog = loadCatalog(database);
  const cached = { catalog, expiresAt: Date.now() + CATALOG_TTL_MS };
  state.cached = cached;
  catalog.catch(() => {
    if (state.cached === cached) state.cached = undefined;
  });
  return catalog;
}

/** After a write to `billing_plans`: this process and every other one read the plans afresh. */
export async function announcePlansChanged(db: Database, planId: string): Promise<void> {
  stateOf(db).cached = undefined;
  await clusterEventsFor(db).publish("spark_billing_plans_changed", planId);
}
