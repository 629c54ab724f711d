// Client-safe surface of personal API keys: the request schema, limits, list shape and the dashboard card.
export { ApiKeysCard } from "./components/api-keys-card";
export { apiKeysCopy } from "./copy";
export { createApiKeySchema, MAX_API_KEYS, type ApiKeySummary, type CreateApiKeyInput } from "./schemas";
