// Drizzle-kit reads this file (see drizzle.config.ts): relative imports only, no `server-only`.
export * from "./namespaces";
export * from "./profiles";
