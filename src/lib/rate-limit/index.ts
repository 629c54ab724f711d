// Fixed-window request counters: in memory for one process, in PostgreSQL for many.
export { MemoryRateLimitStore, type RateLimitStore } from "./memory-store";
export { PostgresRateLimitStore } from "./postgres-store";
export { appRateLimitStore } from "./app-store";
