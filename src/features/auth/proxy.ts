// What src/proxy.ts (the Next.js proxy) takes from auth: its bundle lacks the server-only condition,
// so it cannot import ./server.ts.
export { refreshSessionAndGuard } from "./proxy-session";
export { isSessionlessPage } from "./sessionless-pages";
export { SESSION_HANDOFF_HEADER } from "./session-handoff";
export { isPrerenderedAuthPage } from "./prerendered-pages";
