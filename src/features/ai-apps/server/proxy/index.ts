// The process's one proxy is built with metering's admission by src/features/ai-call (`getAiProxy`).
export { createDifyProxy, type BeforeForwardInput, type DifyProxy, type DifyProxyContext, type DifyProxyOptions, type ProxyTimeouts } from "./handler";
export type { AnswerWatcher, ProxyModeration } from "./moderation";
