// Client-safe surface of the usage views. Queries: "@/features/usage/server".
export { AiAppCards } from "./components/ai-app-cards";
export { LatestCallsTable } from "./components/latest-calls-table";
export { TokensChart } from "./components/tokens-chart";
export { UsageByAppTable } from "./components/usage-by-app-table";
export { UsageEmptyState } from "./components/usage-empty-state";
export { usageCopy } from "./copy";
export { formatCallTime, formatCount } from "./format";
export type { AppUsage, DailyTokens, UsageCall, UsageKind } from "./types";
