// Client-safe surface of the console's 用量 section. Server side: "./server".
export { AppModelTable, PlanTable, TopUsersTable } from "./components/usage-report-tables";
export { usageReportCopy } from "./copy";
