import { z } from "@/lib/zod";

/** Body of `PUT /api/billing/wallet/settings`: 按量付费 on / off and the monthly ceiling in 分 (null: none). */
export const payAsYouGoBodySchema = z.object({
  enabled: z.boolean({ message: "请选择是否开启按量付费" }),
  monthlyCeilingFen: z.number({ message: "每月扣费上限需为金额" }).int("每月扣费上限需精确到分").positive("每月扣费上限需大于 0").max(100_000_000, "每月扣费上限最多 ¥1,000,000").nullable(),
});
export type PayAsYouGoBody = z.infer<typeof payAsYouGoBodySchema>;
