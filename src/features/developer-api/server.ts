import "server-only";

// The OpenAI-compatible developer API (`/v1`): API keys act as their user, through the site's AI proxy.
export { CONVERSATION_HEADER, createChatCompletion, type DeveloperApiDeps } from "./server/chat-completions";
export { createEmbeddings } from "./server/embeddings";
export { listModels } from "./server/list-models";
export { createResponse } from "./server/responses";
export { retrieveModel } from "./server/retrieve-model";
export { API_MESSAGES, methodNotAllowed, openAiError } from "./server/openai-errors";
