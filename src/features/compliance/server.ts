import "server-only";

// Compliance for a service open to the public in China: filings, the console's site settings and the
// real-name (phone) step of the AI call. Labels of AI content are client-safe (index.ts).
export { complianceSettingsBody, complianceSettingsFromEnv, loadComplianceOverrides, loadComplianceSettings, loadSiteFilings, resetComplianceSettingsCache, saveComplianceSettings, type ComplianceSettings, type ComplianceSettingsInput } from "./server/site-settings";
export { phoneRequiredResponse, refuseWithoutVerifiedPhone } from "./server/phone-gate";
