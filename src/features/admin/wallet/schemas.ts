import { z } from "@/lib/zod";

/** The console's balance adjustment: signed 分 (a credit is a grant, a debit never overdraws) and why. */
export const walletAdjustBody = z
  .object({
    amountFen: z
      .number()
      .int("金额必须是整数分")
      .refine((value) => value !== 0, "调整金额不能为 0")
      .refine((value) => Math.abs(value) <= 100_000_000, "单次调整最多 ¥1,000,000"),
    reason: z.string().trim().min(2, "请填写调整原因（至少 2 个字）").max(200, "原因最多 200 个字"),
  })
  .strict();
export type WalletAdjustBody = z.infer<typeof walletAdjustBody>;
