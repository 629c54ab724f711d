import "server-only";
import { isBuildPhase } from "@/lib/build-phase";
import type { Plan } from "../plans";
import { getPlanCatalog, PlanCatalog } from "./plan-catalog";
import { SEED_PLANS } from "./plan-seed";

/** The plans /pricing lists: the visible ones in force (the seed plans while the build prerenders). */
export async function listPricingPlans(): Promise<Plan[]> {
  if (isBuildPhase()) return new PlanCatalog(SEED_PLANS.map((plan) => ({ ...plan, stripePriceIds: { month: null, year: null } }))).visiblePlans();
  return (await getPlanCatalog()).visiblePlans();
}
