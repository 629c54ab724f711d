import type { Plan } from "@/features/billing";

/** A plan as the console lists it: every field, the Stripe ids and how many users are on it now. */
export type AdminPlanRow = Plan & { stripeMonthPriceId: string | null; stripeYearPriceId: string | null; subscribers: number };

/** An app a plan's form can pick for 套餐额度适用的应用: its id and the name people know it by. */
export type PlanAppChoice = { appid: string; name: string };
