import { MAX_API_REQUESTS_PER_MINUTE as MAX_REQUESTS_PER_MINUTE, PLAN_ID_PATTERN } from "@/features/billing";
import { z } from "@/lib/zod";

/** 100 万元: far above any plan, far below what an integer column or a float could get wrong. */
export const MAX_PRICE_FEN = 100_000_000;
export const MAX_MONTHLY_TOKENS = 1_000_000_000;
/** 1 PiB. */
export const MAX_STORAGE_BYTES = 2 ** 50;

const fen = (label: string) =>
  z
    .number({ message: `${label}必须是数字` })
    .int(`${label}必须是整数（单位：分）`)
    .min(0, `${label}不能为负数`)
    .max(MAX_PRICE_FEN, `${label}不能超过 100 万元`);

const priceId = (label: string) =>
  z
    .string()
    .trim()
    .max(255, `${label}过长`)
    .regex(/^(price_[A-Za-z0-9_]+)?$/, `${label}应以 price_ 开头`)
    .transform((value) => value || null)
    .nullable()
    .transform((value) => value ?? null);

const appIds = z.array(z.string().trim().min(1).max(64, "应用 ID 过长")).max(200, "最多选择 200 个应用");

/** Which apps the plan's tokens pay for (`PlanAppAccess`): every app, only these, or all but these. */
export const planAppAccessBody = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("all") }).strict(),
  z.object({ mode: z.literal("only"), apps: appIds.min(1, "请至少选择一个包含的应用") }).strict(),
  z.object({ mode: z.literal("except"), apps: appIds.min(1, "请至少选择一个不包含的应用") }).strict(),
], { message: "应用范围无效" });

/** What the console's form sends: prices in 分 (converted from 元 in the browser), storage in bytes. */
export const planFieldsBody = z
  .object({
    name: z.string().trim().min(1, "请填写套餐名称").max(40, "套餐名称最多 40 个字"),
    description: z.string().trim().max(200, "简介最多 200 个字"),
    monthlyPriceFen: fen("月付价格"),
    yearlyPriceFen: fen("年付价格"),
    monthlyTokenQuota: z
      .number({ message: "每月 Token 额度必须是数字" })
      .int("每月 Token 额度必须是整数")
      .min(0, "每月 Token 额度不能为负数")
      .max(MAX_MONTHLY_TOKENS, "每月 Token 额度不能超过 10 亿"),
    storageBytes: z
      .number({ message: "存储空间必须是数字" })
      .int("存储空间必须是整数")
      .min(0, "存储空间不能为负数")
      .max(MAX_STORAGE_BYTES, "存储空间不能超过 1 PB"),
    maxConcurrentAiCalls: z.number({ message: "并发数必须是数字" }).int("并发数必须是整数").min(1, "并发数至少为 1").max(100, "并发数最多 100"),
    // Optional: a body without it (an older console, a script) leaves the plan's ceiling as it is.
    apiRequestsPerMinute: z
      .number({ message: "API 每分钟请求上限必须是数字" })
      .int("API 每分钟请求上限必须是整数")
      .min(1, "API 每分钟请求上限至少为 1")
      .max(MAX_REQUESTS_PER_MINUTE, `API 每分钟请求上限最多 ${MAX_REQUESTS_PER_MINUTE}`)
      .optional(),
    features: z.array(z.string().trim().min(1, "功能亮点不能为空行").max(100, "每条功能亮点最多 100 个字")).max(20, "功能亮点最多 20 条"),
    visible: z.boolean(),
    position: z.number({ message: "排序必须是数字" }).int("排序必须是整数").min(0, "排序不能为负数").max(10_000, "排序最大为 10000"),
    stripeMonthPriceId: priceId("Stripe 月付价格 ID"),
    stripeYearPriceId: priceId("Stripe 年付价格 ID"),
    appAccess: planAppAccessBody.default({ mode: "all" }),
  })
  .strict();

export const createPlanBody = planFieldsBody.extend({
  id: z.string().trim().regex(PLAN_ID_PATTERN, "套餐 ID 只能包含小写字母、数字和连字符，以字母开头，2–32 个字符"),
});

/** An edit; `applyQuotaNow` (立即生效) moves current periods to a changed token quota at once. */
export const updatePlanBody = planFieldsBody.extend({ applyQuotaNow: z.boolean().default(false) });

export type PlanFields = z.infer<typeof planFieldsBody>;
export type CreatePlanInput = z.infer<typeof createPlanBody>;
export type UpdatePlanInput = z.infer<typeof updatePlanBody>;
