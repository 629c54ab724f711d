import "server-only";

// Server side of personal API keys: the repository (hashes only; the secret is answered once).
export { ApiKeyLimitError, apiKeyTokensThisMonth, createApiKey, findLiveApiKey, listApiKeys, revokeApiKey } from "./server/api-keys-repository";
export { apiKeyPrefix, generateApiKeySecret, hashApiKeySecret } from "./server/secret";
export { DEMO_API_KEY_LIFETIME_MS, limitDemoKeyLifetime } from "./server/demo-key-lifetime";
