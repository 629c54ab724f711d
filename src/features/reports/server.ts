import "server-only";

export { closeReport, createReport, getReport, listReports, parseReportStatus, REPORTS_PER_HOUR, REPORTS_PER_PAGE, type Reporter, type ReportPage, type ReportStatusFilter } from "./server/reports-repository";
export { reportContact } from "./server/report-contact";
