import "server-only";
import { calendarDate, addCalendarDays, type CalendarDate } from "@/features/billing";
import { ApiRouteError } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import type { AdminRoute } from "../../server/admin-api";
import { revenueRangeQuery, type RevenueRange } from "../schemas";
import { revenueByDay } from "./revenue";

const iso = (date: CalendarDate) => `${date.year}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;

/** `?from=&to=` (China-time days); without them, the last 30 days. */
export function revenueRange(url: URL, now = new Date()): RevenueRange {
  const today = calendarDate(now);
  const parsed = revenueRangeQuery.safeParse({ from: url.searchParams.get("from") ?? iso(addCalendarDays(today, -29)), to: url.searchParams.get("to") ?? iso(today) });
  if (!parsed.success) throw new ApiRouteError(400, parsed.error.issues[0]?.message ?? "日期范围无效");
  return parsed.data;
}

/** 收入: `GET revenue?from=YYYY-MM-DD&to=YYYY-MM-DD`. */
export const revenueRoutes: AdminRoute[] = [
  {
    method: "GET",
    pattern: /^revenue$/,
    write: false,
    handle: async (request) => Response.json(await revenueByDay(await getDatabase(), revenueRange(new URL(request.url))), { headers: { "Cache-Control": "private, no-store" } }),
  },
];
