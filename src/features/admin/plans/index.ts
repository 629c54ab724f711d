// Client-safe surface of the console's 套餐 section. Server side: "./server".
export { plansCopy } from "./copy";
export { fenToYuan, yuanToFen } from "./money";
export { PlanForm } from "./components/plan-form";
export { PlansTable } from "./components/plans-table";
export { DeletePlanButton } from "./components/delete-plan-button";
export type { AdminPlanRow } from "./types";
