import "server-only";

// Server side of personal API keys: the repository (hashes only; the secret is answered once),
// the lock-down (IP allow-list, per-minute limit, seen networks) and the keys' mails.
export { ApiKeyLimitError, apiKeyTokensThisMonth, createApiKey, findLiveApiKey, listApiKeys, revokeApiKey, summaryOf } from "./server/api-keys-repository";
export { apiKeyPrefix, generateApiKeySecret, hashApiKeySecret } from "./server/secret";
export { DEMO_API_KEY_LIFETIME_MS, limitDemoKeyLifetime } from "./server/demo-key-lifetime";
export { updateApiKeyLockdown } from "./server/key-lockdown";
export { ipAllowed, networkOf } from "./server/key-networks";
export { keyMailDeps, type KeyMailDeps } from "./server/key-mail-deps";
export { networkNoticesIdle, noticeNewNetwork } from "./server/new-network-notice";
export { sendDueKeyExpiryReminders } from "./server/expiry-reminders";
export { startApiKeyExpiryReminderJob } from "./server/expiry-reminder-job";
