import { EMBEDDED_PROVIDER_BASE_URL } from "@/features/ai-models/server";
import { EMBEDDED_DIFY_BASE_URL as EMBEDDED_DIFY } from "../config";
import { decryptSecret, encryptSecret, isEncryptedSecret } from "./cipher";
import type { SecretKeyRing } from "./key-ring";

/** The secret-bearing fields of an app, as the registry holds them in memory (plaintext). */
export interface AppSecretFields {
  appid: string;
  upstreamBaseUrl: string;
  upstreamSecretKey: string;
  /** Model apps: `ModelAppSettings`-shaped JSON whose `provider` / `fallbackProvider` carry `apiKey`. */
  modelSettings?: unknown;
}

export class AppSecretsConfigError extends Error {
  constructor() {
    super("生产环境未设置 APP_ENCRYPTION_KEY，不能保存上游密钥。请设置 APP_ENCRYPTION_KEY（32 字节，可用 openssl rand -hex 32 生成）后重启。");
    this.name = "AppSecretsConfigError";
  }
}

const PROVIDER_FIELDS = ["provider", "fallbackProvider"] as const;
const contextOf = (appid: string, field: string) => `ai_apps/${appid}/${field}`;

type ProviderJson = { baseUrl?: unknown; apiKey?: unknown };
const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** Keys of real upstreams (not the embedded demo servers, whose keys are public constants). */
export function hasRealUpstreamKey(app: AppSecretFields): boolean {
  if (app.upstreamSecretKey && app.upstreamBaseUrl !== EMBEDDED_DIFY) return true;
  const settings = asRecord(app.modelSettings);
  return PROVIDER_FIELDS.some((field) => {
    const provider = asRecord(settings?.[field]) as ProviderJson | undefined;
    return typeof provider?.apiKey === "string" && provider.apiKey !== "" && provider.baseUrl !== EMBEDDED_PROVIDER_BASE_URL;
  });
}

/** Production without APP_ENCRYPTION_KEY keeps no real upstream key (only the demo apps' public ones). */
export function assertMayStore(ring: SecretKeyRing, app: AppSecretFields): void {
  if (ring.production && !ring.configured && hasRealUpstreamKey(app)) throw new AppSecretsConfigError();
}

const seal = (value: string, ring: SecretKeyRing, context: string) => (value ? encryptSecret(value, ring.primary, context) : "");

/** The columns to store: every key encrypted with the ring's primary key. */
export function sealAppSecrets(app: AppSecretFields, ring: SecretKeyRing): { upstreamSecretKey: string; modelSettings: unknown } {
  assertMayStore(ring, app);
  const settings = asRecord(app.modelSettings);
  let modelSettings: unknown = app.modelSettings ?? null;
  if (settings) {
    const copy: Record<string, unknown> = { ...settings };
    for (const field of PROVIDER_FIELDS) {
      const provider = asRecord(settings[field]);
      if (provider && typeof provider.apiKey === "string") copy[field] = { ...provider, apiKey: seal(provider.apiKey, ring, contextOf(app.appid, field)) };
    }
    modelSettings = copy;
  }
  return { upstreamSecretKey: seal(app.upstreamSecretKey, ring, contextOf(app.appid, "upstream_secret_key")), modelSettings };
}

/**
 * The stored columns decrypted. A value still in plaintext (rows written before encryption) is read
 * as is; `stale` says the row should be written again (plaintext, or sealed with a non-primary key).
 */
export function openAppSecrets(row: AppSecretFields, ring: SecretKeyRing): { upstreamSecretKey: string; modelSettings: unknown; stale: boolean } {
  let stale = false;
  const open = (value: string, context: string) => {
    if (!value) return value;
    if (!isEncryptedSecret(value)) {
      stale = true;
      return value;
    }
    const { plaintext, keyIndex } = decryptSecret(value, ring.keys, context);
    if (keyIndex !== 0) stale = true;
    return plaintext;
  };
  const settings = asRecord(row.modelSettings);
  let modelSettings: unknown = row.modelSettings ?? null;
  if (settings) {
    const copy: Record<string, unknown> = { ...settings };
    for (const field of PROVIDER_FIELDS) {
      const provider = asRecord(settings[field]);
      if (provider && typeof provider.apiKey === "string") copy[field] = { ...provider, apiKey: open(provider.apiKey, contextOf(row.appid, field)) };
    }
    modelSettings = copy;
  }
  return { upstreamSecretKey: open(row.upstreamSecretKey, contextOf(row.appid, "upstream_secret_key")), modelSettings, stale };
}
