import "server-only";

// Health for orchestrators, metrics and logs: what an operator watches the app by.
export { livenessResponse, readinessResponse } from "./health";
