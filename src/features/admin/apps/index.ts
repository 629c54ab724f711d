// Client-safe surface of the console's AI 应用 section. Server side: "./server".
export { AppsList } from "./components/apps-list";
export { AppFormDialog } from "./components/app-form-dialog";
export { appsCopy } from "./copy";
export type { AdminAppView, ConnectionTestResult } from "./types";
