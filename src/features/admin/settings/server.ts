import "server-only";

// 站点设置 (server): the console's routes live in ./server/settings-routes (wired in admin-api.ts).
export { complianceSettingsFromEnv, loadComplianceOverrides } from "@/features/compliance/server";
