import "server-only";

// Server-side surface of the AI apps feature. `getApp` returns the upstream secret key: never pass
// its result to a client component — use `toPublicApp` for anything rendered.
export { AiAppsConfigError, EMBEDDED_DIFY_BASE_URL, EMBEDDED_MODELS_BASE_URL, listConfiguredApps, loadConfiguredApps, toPublicApp, type ConfiguredApp } from "./server/config";
export { createDifyProxy, type BeforeForwardInput, type DifyProxy, type DifyProxyContext, type DifyProxyOptions, type ProxyTimeouts } from "./server/proxy";
export { appFromRow, appOrder, ensureSeeded as ensureAppRegistrySeeded, getApp, listEnabledApps, listEnabledAppsWithUpstream, seedAppRegistry, type AiApp } from "./server/registry";
export type { UpstreamCaller } from "./server/proxy/upstream";
export type { AnswerWatcher, ProxyModeration } from "./server/proxy";
export { AppSecretsConfigError, maskSecret, sealAppSecrets, SecretDecryptionError, secretKeyRing, type SecretKeyRing } from "./server/secrets";
