import type { Plan } from "@/features/billing";

/** A plan as the console lists it: every field, the Stripe ids and how many users are on it now. */
export type AdminPlanRow = Plan & { stripeMonthPriceId: string | null; stripeYearPriceId: string | null; subscribers: number };
