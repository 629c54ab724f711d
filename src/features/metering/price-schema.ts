import { z } from "@/lib/zod";

const fenPerMillion = z.number({ message: "价格需为金额" }).int("价格需精确到分").min(0, "价格不能为负").max(100_000_000, "价格过高").nullable();

/** Body of the console's `POST /api/admin/prices/{appid}`: an app's price, integers of 分 only. */
export const appPriceBodySchema = z
  .object({
    mode: z.enum(["tokens", "call"], { message: "计费方式只能是按 Token 或按次" }),
    /** 倍率 × 1000. */
    multiplierPermille: z.number({ message: "倍率需为数字" }).int("倍率最多三位小数").min(1, "倍率需大于 0").max(1_000_000, "倍率最多 ×1000"),
    inputFenPerMillion: fenPerMillion,
    outputFenPerMillion: fenPerMillion,
    callFen: z.number({ message: "每次价格需为金额" }).int("每次价格需精确到分").min(0, "价格不能为负").max(10_000_000, "每次价格过高").nullable(),
  })
  .strict()
  .refine((body) => body.mode !== "call" || body.callFen !== null, { message: "按次计费需要填写每次价格", path: ["callFen"] });
export type AppPriceBody = z.infer<typeof appPriceBodySchema>;
