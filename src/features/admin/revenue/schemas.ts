import { z } from "@/lib/zod";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "日期格式应为 YYYY-MM-DD").refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "日期无效");

/** A range of China-time days, both ends included, at most a year and a day. */
export const revenueRangeQuery = z
  .object({ from: day, to: day })
  .strict()
  .refine(({ from, to }) => from <= to, "开始日期不能晚于结束日期")
  .refine(({ from, to }) => Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`) <= 366 * 86_400_000, "一次最多查询 366 天");
export type RevenueRange = z.infer<typeof revenueRangeQuery>;

/** One day's money in 分: top-ups, plan sales (new, renewals, changes) and refunds (positive: money returned). */
export interface RevenueDay {
  day: string;
  topUpFen: number;
  planSalesFen: number;
  refundsFen: number;
}

export interface RevenueReport {
  from: string;
  to: string;
  days: RevenueDay[];
  totals: Omit<RevenueDay, "day">;
}
