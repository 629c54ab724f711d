/** The plans on offer, in one place (prices in CNY; quotas in tokens per calendar month). */
export type PlanId = "free" | "pro" | "team";

export type BillingInterval = "month" | "year";

export const PLAN_IDS = ["free", "pro", "team"] as const satisfies readonly PlanId[];
export const BILLING_INTERVALS = ["month", "year"] as const satisfies readonly BillingInterval[];

export type Plan = {
  id: PlanId;
  name: string;
  description: string;
  monthlyPriceCny: number;
  yearlyPriceCny: number;
  monthlyTokenQuota: number;
  /** Bytes a user may keep in file storage (enforced by the embedded storage service). */
  storageBytes: number;
  /** AI calls (chat / workflow / completion) one user may have in flight at once; more answer 429. */
  maxConcurrentAiCalls: number;
  /** Selling points shown under the price (the token quota line is added from `monthlyTokenQuota`). */
  features: readonly string[];
};

export const plans: readonly Plan[] = [
  {
    id: "free",
    name: "免费版",
    description: "体验全部 AI 应用，适合个人尝鲜",
    monthlyPriceCny: 0,
    yearlyPriceCny: 0,
    monthlyTokenQuota: 100_000,
    storageBytes: 100 * 1024 * 1024,
    maxConcurrentAiCalls: 2,
    features: ["对话、工作流、文本生成应用", "笔记与文件存储演示"],
  },
  {
    id: "pro",
    name: "专业版",
    description: "更高额度，适合日常重度使用",
    monthlyPriceCny: 49,
    yearlyPriceCny: 490,
    monthlyTokenQuota: 2_000_000,
    storageBytes: 10 * 1024 * 1024 * 1024,
    maxConcurrentAiCalls: 4,
    features: ["全部 AI 应用", "用量明细与 30 天趋势", "优先支持"],
  },
  {
    id: "team",
    name: "团队版",
    description: "大额度，适合团队与业务场景",
    monthlyPriceCny: 199,
    yearlyPriceCny: 1990,
    monthlyTokenQuota: 10_000_000,
    storageBytes: 100 * 1024 * 1024 * 1024,
    maxConcurrentAiCalls: 8,
    features: ["全部 AI 应用", "用量明细与 30 天趋势", "专属支持"],
  },
];

export const FREE_PLAN_ID: PlanId = "free";

export function findPlan(planId: string): Plan | undefined {
  return plans.find((plan) => plan.id === planId);
}

/** The plan for an id, falling back to the free plan for unknown ids (e.g. a plan since removed). */
export function planOrFree(planId: string | null | undefined): Plan {
  return findPlan(planId ?? FREE_PLAN_ID) ?? findPlan(FREE_PLAN_ID)!;
}

/** Order of the plans, cheapest first: a higher rank is an upgrade. */
export function planRank(planId: PlanId): number {
  return plans.findIndex((plan) => plan.id === planId);
}

/** Price of one billing period in CNY (yuan). */
export function planPriceCny(plan: Plan, interval: BillingInterval): number {
  return interval === "year" ? plan.yearlyPriceCny : plan.monthlyPriceCny;
}

/** Price of one billing period in 分 (the minor unit stored with orders and payments). */
export function planPriceFen(plan: Plan, interval: BillingInterval): number {
  return Math.round(planPriceCny(plan, interval) * 100);
}
