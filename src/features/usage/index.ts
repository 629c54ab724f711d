// Client-safe surface of the usage views. Queries: "@/features/usage/server".
export { AiAppCards } from "./components/ai-app-cards";
export { LatestCallsTable } from "./components/latest-calls-table";
export { TokensChart } from "./components/tokens-chart";
export { UsageByAppTable } from "./components/usage-by-app-table";
export { UsageByModelTable } from "./components/usage-by-model-table";
export { UsageEmptyState } from "./components/usage-empty-state";
export { usageCopy } from "./copy";
export { formatCallTime, formatCount } from "./format";
export type { AppUsage, DailyTokens, ModelUsage, UsageCall, UsageKind } from "./types";
