import "server-only";

// Server side of metering: admitting an AI call (quota and concurrent calls, as reservations with
// this process's lease), the usage rows the AI proxy writes, and the usage views' queries. The plans
// and their allowances are billing's (src/features/billing): metering reads them, never the reverse.
export { admitAiCall, admitGenerationCall, aiCallsInFlight, releaseAiCall, reserveAiCall, type AiCallAdmission } from "./server/ai-call-reservations";
export { checkTokenQuota, enforceTokenQuota, QUOTA_EXCEEDED_MESSAGE, QUOTA_EXCEEDED_STATUS, quotaExceededResponse, type TokenQuotaCheck } from "./server/quota";
export { recordUsage, UsageBatcher, usageRow, type ObservedUsage, type UsageFigures, type UsageRecord } from "./server/usage-rows";
export { getLatestCalls, getTokensByDay, getUsageByApp, getUsageByModel } from "./server/usage-queries";
export { getModelNames, modelNameKey, type ModelNames } from "./server/model-names";
export { appCallPrice, deleteAppPrice, describeAppPrices, listAppPriceRules, saveAppPrice } from "./server/app-prices";
