import "server-only";

// Server side of the console's AI 应用 section (the API is in server/apps-routes.ts).
export { createApp, listAdminApps, loadStoredApp, reorderApps, setAppEnabled, updateApp } from "./server/app-actions";
export { testAppConnection } from "./server/connection-test";
