import "server-only";
import { EMBEDDED_MODELS_BASE_URL, maskSecret, type AiApp } from "@/features/ai-apps/server";
import { modelAppSettingsSchema, type ModelAppSettings, type ProviderSettings } from "@/features/ai-models/server";
import { ApiRouteError } from "@/lib/api";
import type { AiAppRow } from "@/lib/db/schema/ai-apps";
import type { AppFields, AppFieldsInput } from "../app-input";
import type { AdminAppView } from "../types";

type Meta = Pick<AiAppRow, "position" | "managedBy" | "updatedAt">;

/** What the console and the audit log both show of an app: its identity and upstream, never a key. */
function describedApp(app: AiApp) {
  const settings = app.modelSettings;
  return {
    appid: app.appid,
    type: settings ? ("model" as const) : ("dify" as const),
    kind: app.kind,
    name: app.name,
    description: app.description,
    icon: app.icon,
    enabled: app.enabled,
    baseUrl: settings ? settings.provider.baseUrl : app.upstreamBaseUrl,
  };
}

/** The upstream key as its last four (`••••abcd`). */
const maskedKey = (app: AiApp) => maskSecret(app.modelSettings ? app.modelSettings.provider.apiKey : app.upstreamSecretKey);

/** The console's view of an app: every field but the keys, which appear only as their last four. */
export function adminAppView(app: AiApp, meta: Meta): AdminAppView {
  return {
    ...describedApp(app),
    position: meta.position,
    managedBy: meta.managedBy,
    keyHint: maskedKey(app),
    fallbackKeyHint: maskSecret(app.modelSettings?.fallbackProvider?.apiKey ?? ""),
    fields: formFields(app),
    updatedAt: meta.updatedAt.toISOString(),
  };
}

function formFields(app: AiApp): AppFieldsInput {
  const common = { name: app.name, description: app.description, ...(app.genaiFiling ? { genaiFiling: app.genaiFiling } : {}), icon: app.icon, enabled: app.enabled };
  const settings = app.modelSettings;
  if (!settings) return { type: "dify", kind: app.kind, ...common, baseUrl: app.upstreamBaseUrl, apiKey: "" };
  return {
    type: "model",
    ...common,
    provider: { baseUrl: settings.provider.baseUrl, apiKey: "" },
    fallbackProvider: settings.fallbackProvider ? { baseUrl: settings.fallbackProvider.baseUrl, apiKey: "" } : null,
    models: settings.models.map((model) => ({ id: model.id, ...(model.name ? { name: model.name } : {}), weight: model.weight, vision: model.vision })),
    ...(settings.defaultModel ? { defaultModel: settings.defaultModel } : {}),
    systemPrompt: settings.systemPrompt,
    temperature: settings.temperature ?? null,
    maxTokens: settings.maxTokens ?? null,
    openingStatement: settings.openingStatement,
    suggestedQuestions: settings.suggestedQuestions,
    firstByteTimeoutMs: settings.firstByteTimeoutMs,
    webSearch: settings.webSearch,
  };
}

/** What the audit log keeps of an app (before → after): the keys only as their last four. */
export function auditSnapshot(app: AiApp | undefined): Record<string, unknown> | null {
  if (!app) return null;
  const settings = app.modelSettings;
  return {
    ...describedApp(app),
    key: maskedKey(app),
    ...(settings
      ? {
          models: settings.models.map((model) => model.id),
          defaultModel: settings.defaultModel ?? null,
          fallbackBaseUrl: settings.fallbackProvider?.baseUrl ?? null,
          fallbackKey: maskSecret(settings.fallbackProvider?.apiKey ?? ""),
        }
      : {}),
  };
}

const KEY_AGAIN = "接口地址已修改，请重新填写密钥";

/**
 * A key left empty keeps the stored one — but only for the same upstream: a changed base URL needs
 * the key typed again, so a hijacked console session cannot send the stored key to its own server.
 */
function keptKey(typed: string | undefined, baseUrl: string, stored: { baseUrl: string; key: string } | undefined, fallback: string | undefined): string {
  if (typed) return typed;
  if (stored && stored.baseUrl === baseUrl && stored.key) return stored.key;
  if (stored && stored.key && stored.baseUrl !== baseUrl) throw new ApiRouteError(400, KEY_AGAIN);
  if (fallback !== undefined) return fallback;
  throw new ApiRouteError(400, "请填写 API 密钥");
}

function providerFrom(typed: { baseUrl: string; apiKey?: string }, stored: ProviderSettings | undefined): ProviderSettings {
  const apiKey = keptKey(typed.apiKey, typed.baseUrl, stored && { baseUrl: stored.baseUrl, key: stored.apiKey }, "not-needed");
  // Extra headers (configuration only) stay with their provider while its URL does.
  return { baseUrl: typed.baseUrl, apiKey, headers: stored && stored.baseUrl === typed.baseUrl ? stored.headers : {} };
}

/** The registry entry the form's fields describe; `existing` supplies the keys left empty. */
export function appFromFields(appid: string, fields: AppFields, existing: AiApp | undefined): AiApp {
  const common = { appid, name: fields.name, description: fields.description, ...(fields.genaiFiling ? { genaiFiling: fields.genaiFiling } : {}), icon: fields.icon, enabled: fields.enabled };
  if (fields.type === "dify") {
    const stored = existing && !existing.modelSettings ? { baseUrl: existing.upstreamBaseUrl, key: existing.upstreamSecretKey } : undefined;
    return { ...common, kind: fields.kind, upstreamBaseUrl: fields.baseUrl, upstreamSecretKey: keptKey(fields.apiKey, fields.baseUrl, stored, undefined) };
  }
  const before: ModelAppSettings | undefined = existing?.modelSettings;
  const parsed = modelAppSettingsSchema.safeParse({
    provider: providerFrom(fields.provider, before?.provider),
    ...(fields.fallbackProvider ? { fallbackProvider: providerFrom(fields.fallbackProvider, before?.fallbackProvider) } : {}),
    models: fields.models,
    // Embedding models (configuration only, for /v1/embeddings) stay with their provider while its URL does.
    ...(before && before.provider.baseUrl === fields.provider.baseUrl.trim().replace(/\/+$/, "") ? { embeddingModels: before.embeddingModels } : {}),
    ...(fields.defaultModel ? { defaultModel: fields.defaultModel } : {}),
    systemPrompt: fields.systemPrompt,
    ...(fields.temperature !== null ? { temperature: fields.temperature } : {}),
    ...(fields.maxTokens !== null ? { maxTokens: fields.maxTokens } : {}),
    openingStatement: fields.openingStatement,
    suggestedQuestions: fields.suggestedQuestions,
    firstByteTimeoutMs: fields.firstByteTimeoutMs,
    webSearch: fields.webSearch,
  });
  if (!parsed.success) throw new ApiRouteError(400, parsed.error.issues[0]?.message ?? "模型设置不正确");
  return { ...common, kind: "chat", upstreamBaseUrl: EMBEDDED_MODELS_BASE_URL, upstreamSecretKey: "", modelSettings: parsed.data };
}
