// Client-safe surface of 投诉举报. Server side: "./server".
export { reportsCopy } from "./copy";
export { REPORT_REASONS, reportInputSchema, type ReportInput, type ReportReason } from "./schemas";
export { ReportButton } from "./components/report-button";
