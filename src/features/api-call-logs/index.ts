// 调用日志 (client-safe): the page's pieces; the queries and the logging are in server.ts.
export { callLogsCopy } from "./copy";
export { callLogFiltersSchema, filtersFromQuery, filtersQuery, type CallLogFilters } from "./filters";
export type { CallLogEntry } from "./types";
