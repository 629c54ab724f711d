import "server-only";

// Server side of the usage views: aggregations of public.ai_usage_events, always for one user.
export { getLatestCalls, getTokensByDay, getUsageByApp, getUsageByModel } from "./server/usage-queries";
