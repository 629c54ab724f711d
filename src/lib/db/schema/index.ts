// Drizzle-kit reads this file (see drizzle.config.ts): relative imports only, no `server-only`.
export * from "./namespaces";
export * from "./profiles";
export * from "./auth";
export * from "./auth-relations";
export * from "./outbox";
export * from "./ai-apps";
export * from "./ai-usage";
export * from "./ai-quota";
export * from "./ai-models";
export * from "./api-keys";
export * from "./dify-demo";
export * from "./storage";
export * from "./subscriptions";
export * from "./notes";
export * from "./billing";
export * from "./rate-limits";
export * from "./ai-conversation-pins";
