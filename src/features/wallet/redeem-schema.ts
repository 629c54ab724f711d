import { z } from "@/lib/zod";

/** Body of the console's `POST /api/admin/redeem-batches`. */
export const redeemBatchBodySchema = z
  .object({
    kind: z.enum(["balance", "tokens"], { message: "面值类型只能是余额或 Token" }),
    /** 分 of balance, or tokens. */
    value: z.number({ message: "请填写面值" }).int("面值需为整数（分或 Token）").positive("面值必须大于 0").max(100_000_000, "面值过大"),
    count: z.number({ message: "请填写数量" }).int("数量需为整数").min(1, "至少生成 1 个").max(10_000, "一批最多 10000 个"),
    maxUses: z.number({ message: "请填写可使用次数" }).int("可使用次数需为整数").min(1, "至少 1 次").max(1_000_000, "可使用次数过大"),
    perUserLimit: z.number({ message: "请填写每人限兑次数" }).int("每人限兑次数需为整数").min(1, "至少 1 次").max(1000, "每人最多 1000 次"),
    expiresAt: z.iso.datetime({ offset: true, message: "过期时间格式不正确" }).optional(),
    note: z.string().trim().max(200, "备注最多 200 字").default(""),
  })
  .strict();
export type RedeemBatchBody = z.infer<typeof redeemBatchBodySchema>;

/** Body of `POST /api/billing/redeem`. */
export const redeemBodySchema = z.object({ code: z.string({ message: "请输入兑换码" }).trim().min(1, "请输入兑换码").max(40, "兑换码无效，请检查后重新输入") });
