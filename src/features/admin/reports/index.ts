// Client-safe surface of the console's 举报 section. Server side: "@/features/reports/server".
export { reportsAdminCopy } from "./copy";
export { ReportsTable } from "./components/reports-table";
