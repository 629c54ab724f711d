import "server-only";

// Server side of the console's 额度 section (plan changes and token grants; the API is in quota-routes).
export { changeUserPlan, grantQuota, quotaGrantBody, userPlanBody } from "./server/quota-actions";
export { listMonthGrants, MONTH_GRANTS_PER_PAGE, type MonthGrantRow, type MonthGrantsPage } from "./server/month-grants";
