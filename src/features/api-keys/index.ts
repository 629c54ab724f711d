// Client-safe surface of personal API keys: the request schema, limits and list shape.
export { createApiKeySchema, MAX_API_KEYS, type ApiKeySummary, type CreateApiKeyInput } from "./schemas";
