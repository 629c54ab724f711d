// Dify's SSE events as one typed union with one parser; no React, no server-only imports, so the
// pages' stream client and the server's developer API share it.
export { isKnownDifyEvent, parseDifyEvent, unhandledDifyEvent } from "./parse";
export type { DifyEvent, DifyEventName, DifyEventOf, KnownDifyEvent, UnknownDifyEvent } from "./schemas";
