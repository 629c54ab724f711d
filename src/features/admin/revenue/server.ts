import "server-only";

// 收入: money per China-time day from the payments table (the console's /admin/revenue and `GET revenue`).
export { revenueByDay } from "./server/revenue";
export { revenueRange } from "./server/revenue-routes";
