import "server-only";

// Server side of the console's 用量 section (the API is in usage-routes).
export { formatReportMonth, getUsageReport, parseReportMonth, type UsageReport } from "./server/usage-report";
