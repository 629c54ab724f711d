// Client-safe surface of metering: the usage views and the AI call's refusal messages.
// Admission, usage rows and queries: "@/features/metering/server".
export { AiAppCards } from "./components/ai-app-cards";
export { LatestCallsTable, ModelName } from "./components/latest-calls-table";
export { TokensChart } from "./components/tokens-chart";
export { UsageByAppTable } from "./components/usage-by-app-table";
export { UsageByModelTable } from "./components/usage-by-model-table";
export { UsageEmptyState } from "./components/usage-empty-state";
export { usageCopy } from "./copy";
export { formatCallTime, formatCount } from "./format";
export { QUOTA_EXCEEDED_MESSAGE, QUOTA_EXCEEDED_STATUS, TOO_MANY_AI_CALLS_MESSAGE, TOO_MANY_AI_CALLS_STATUS } from "./quota-constants";
export type { AppUsage, DailyTokens, ModelUsage, UsageCall, UsageKind } from "./types";
export { callCostFen, callPrice, describePrice, DEFAULT_PRICE_RULE, type AppPriceRule, type CallPrice } from "./call-price";
export { appPriceBodySchema, type AppPriceBody } from "./price-schema";
export { PriceList } from "./components/price-list";
