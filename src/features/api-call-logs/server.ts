import "server-only";

// 调用日志: one row per `/v1` call of a user's API keys, listed on the dashboard and exported as CSV.
export { apiCallStreamFailureRecorder, noteApiCallKey, noteApiCallModel } from "./server/call-note";
export { logApiCall } from "./server/log-api-call";
export { listCallLogs } from "./server/call-log-queries";
export { exportCallLogs } from "./server/call-log-routes";
