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
export { MAX_EMBEDDING_INPUT_CHARS, MAX_EMBEDDING_INPUTS } from "./server/embeddings";
export {
  chatTurnSchema,
  IMAGE_URL,
  MAX_IMAGES_PER_REQUEST,
  MAX_TOOL_ARGUMENT_CHARS,
  MAX_TURN_CHARS,
  toolFieldsSchema,
  toolTurnProblem,
  turnImages,
  turnTexts,
  type ChatTurn,
  type FunctionTool,
  type ToolCall,
  type ToolChoice,
  type ToolFields,
} from "./server/chat-turns";
export {
  findSources,
  registerSourceFinder,
  SourceRefused,
  type GroundingRequest,
  type GroundingSource,
  type SourceFinder,
} from "./server/grounding/sources";
