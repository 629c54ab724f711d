// Client-safe surface of the console's 额度 section. Server side: "./server".
export { UserQuotaActions } from "./components/user-quota-actions";
export { quotaCopy } from "./copy";
export { MonthGrantsTable } from "./components/month-grants-table";
