import "server-only";

// Health for orchestrators, metrics and logs: what an operator watches the app by.
export { livenessResponse, readinessResponse } from "./health";
export { appMetrics, type AppMetrics } from "./metrics";
export { metricsResponse } from "./metrics-endpoint";
export { startObservability } from "./start";
