import "server-only";

// Server side of the console's 套餐 section (the API is in server/plans-routes.ts).
export { createPlan, deletePlan, getAdminPlan, listAdminPlans, planAppChoices, updatePlan, type AdminPlanRow } from "./server/plan-admin";
export { createPlanBody, updatePlanBody } from "./server/plan-input";
