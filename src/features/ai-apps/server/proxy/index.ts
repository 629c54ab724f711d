// The process's one proxy is built with billing's admission by src/lib/ai-proxy.ts (`getAiProxy`).
export { createDifyProxy, type BeforeForwardInput, type DifyProxy, type DifyProxyContext, type DifyProxyOptions, type ProxyTimeouts } from "./handler";
