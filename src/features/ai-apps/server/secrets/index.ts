// Upstream keys at rest (ai_apps): AES-256-GCM with APP_ENCRYPTION_KEY (or a development key).
export { decryptSecret, encryptSecret, isEncryptedSecret, maskSecret, parseEncryptionKey, SecretDecryptionError, SECRET_FORMAT } from "./cipher";
export { forgetSecretKeyRing, secretKeyRing, type SecretKeyRing } from "./key-ring";
export { AppSecretsConfigError, assertMayStore, hasRealUpstreamKey, openAppSecrets, sealAppSecrets, type AppSecretFields } from "./app-secrets";
