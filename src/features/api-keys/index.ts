// Client-safe surface of personal API keys: the request schema, limits, list shape and the dashboard card.
export { ApiKeysCard } from "./components/api-keys-card";
export { apiKeysCopy } from "./copy";
export { createApiKeySchema, MAX_ALLOWED_IPS, MAX_API_KEYS, MAX_REQUESTS_PER_MINUTE, updateApiKeySchema, type UpdateApiKeyInput, type ApiKeySummary, type CreateApiKeyInput } from "./schemas";
