// Client-safe surface of the console's 站点设置 section. Server side: "./server".
export { settingsCopy } from "./copy";
export { SiteSettingsForm } from "./components/site-settings-form";
export type { ComplianceSettingsView } from "./types";
