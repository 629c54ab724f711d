// Client-safe surface of the console's 收入 view: the range query and the report's shape.
export { revenueRangeQuery, type RevenueDay, type RevenueRange, type RevenueReport } from "./schemas";
