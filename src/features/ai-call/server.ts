import "server-only";

// The AI call: the process's one proxy (ai-apps) wired with metering's admission, and the
// site's own entry to it for a signed-in visitor. Every route, the fast lane and `/v1` call it here.
export { getAiProxy } from "./server/ai-proxy";
export { answerAppProxyCall } from "./server/app-proxy-call";
