import { z } from "@/lib/zod";

/** The longest plan a code may give (ten years: a typo in 天数 should not give a lifetime). */
export const MAX_PLAN_DAYS = 3650;

/** Body of the console's `POST /api/admin/redeem-batches`. */
export const redeemBatchBodySchema = z
  .object({
    kind: z.enum(["balance", "tokens", "plan"], { message: "面值类型只能是余额、Token 或套餐" }),
    /** 分 of balance, tokens, or days of `planId`. */
    value: z.number({ message: "请填写面值" }).int("面值需为整数（分或 Token）").positive("面值必须大于 0").max(100_000_000, "面值过大"),
    count: z.number({ message: "请填写数量" }).int("数量需为整数").min(1, "至少生成 1 个").max(10_000, "一批最多 10000 个"),
    maxUses: z.number({ message: "请填写可使用次数" }).int("可使用次数需为整数").min(1, "至少 1 次").max(1_000_000, "可使用次数过大"),
    perUserLimit: z.number({ message: "请填写每人限兑次数" }).int("每人限兑次数需为整数").min(1, "至少 1 次").max(1000, "每人最多 1000 次"),
    expiresAt: z.iso.datetime({ offset: true, message: "过期时间格式不正确" }).optional(),
    /** The plan a `plan` batch gives (an id of billing_plans, checked when the batch is made). */
    planId: z.string().trim().min(1, "请选择套餐").max(64, "套餐不存在").optional(),
    note: z.string().trim().max(200, "备注最多 200 字").default(""),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.kind === "plan" && !body.planId) context.addIssue({ code: "custom", path: ["planId"], message: "请选择兑换的套餐" });
    if (body.kind !== "plan" && body.planId) context.addIssue({ code: "custom", path: ["planId"], message: "只有套餐兑换码需要选择套餐" });
    if (body.kind === "plan" && body.value > MAX_PLAN_DAYS) context.addIssue({ code: "custom", path: ["value"], message: `套餐天数最多 ${MAX_PLAN_DAYS} 天` });
  });
export type RedeemBatchBody = z.infer<typeof redeemBatchBodySchema>;

/** Body of `POST /api/billing/redeem`. */
export const redeemBodySchema = z.object({ code: z.string({ message: "请输入兑换码" }).trim().min(1, "请输入兑换码").max(40, "兑换码无效，请检查后重新输入") });
