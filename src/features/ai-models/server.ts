// Server-only surface of model apps (apps answered by an OpenAI-compatible provider directly).
export { modelCallTokenBound } from "./server/call-token-bound";
export { createModelAppServer, type ModelAppServer } from "./server/model-app-server";
export {
  EMBEDDED_PROVIDER_BASE_URL,
  modelAppSettingsSchema,
  providerSchema,
  type ModelApp,
  type ModelAppSettings,
  type ProviderSettings,
} from "./server/settings";
export type { EmbeddedProvider } from "./server/provider-client";
export { ThinkSplitter } from "./server/think-splitter";
