import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "@/lib/zod";
import { demoApps } from "@/embedded/dify";
import { DEMO_PROVIDER_EMBEDDING_MODELS, DEMO_PROVIDER_KEY, DEMO_PROVIDER_MODELS } from "@/embedded/model-provider";
import { EMBEDDED_PROVIDER_BASE_URL, modelAppSettingsSchema, providerSchema, type ModelAppSettings } from "@/features/ai-models/server";
import { getEnv, type Env } from "@/lib/env";
import { APPID_PATTERN, type PublicAiApp } from "../types";

/** Upstream base URL meaning "the in-process demo Dify server" (src/embedded/dify). */
export const EMBEDDED_DIFY_BASE_URL = "embedded:dify";

/** Upstream base URL of model apps: the in-process model server (src/features/ai-models). */
export const EMBEDDED_MODELS_BASE_URL = "embedded:models";

/** A registry entry with its upstream — server-side only. */
export interface ConfiguredApp extends PublicAiApp {
  upstreamBaseUrl: string;
  upstreamSecretKey: string;
  enabled: boolean;
  /** Model apps only: provider (with its key), models and defaults. */
  modelSettings?: ModelAppSettings;
}

const appEntrySchema = z.object({
  appid: z.string().regex(APPID_PATTERN, "appid 只能包含字母、数字、下划线和连字符，最长 64 个字符"),
  kind: z.enum(["chat", "workflow", "completion"], { message: "kind 必须是 chat、workflow 或 completion" }),
  name: z.string().trim().min(1, "name 不能为空"),
  description: z.string().default(""),
  icon: z.string().min(1).default("message-square"),
  apiKey: z.string().min(1, "apiKey 不能为空"),
  baseUrl: z.string().optional(),
  enabled: z.boolean().default(true),
});

/**
 * A model app: talks to an OpenAI-compatible provider directly. `provider` / `fallbackProvider` name
 * an entry of the config's `providers` or are given inline.
 */
const providerRef = z.union([z.string().min(1), providerSchema]);
const modelEntrySchema = z.looseObject({
  appid: appEntrySchema.shape.appid,
  kind: z.literal("chat", { message: "模型应用的 kind 必须是 chat" }),
  name: appEntrySchema.shape.name,
  description: z.string().default(""),
  icon: z.string().min(1).default("bot"),
  enabled: z.boolean().default(true),
  provider: providerRef,
  fallbackProvider: providerRef.optional(),
});
const namedProviderSchema = providerSchema.extend({ id: z.string().trim().min(1, "provider 的 id 不能为空") });

const entryObject = z.record(z.string(), z.unknown(), { message: "每个应用必须是对象" });
const configSchema = z.union([
  z.array(entryObject).transform((apps) => ({ providers: [] as z.infer<typeof namedProviderSchema>[], apps })),
  z.object({ providers: z.array(namedProviderSchema).default([]), apps: z.array(entryObject) }),
]);

export class AiAppsConfigError extends Error {
  constructor(source: string, problem: string) {
    super(`AI 应用配置有误（${source}）：${problem}`);
    this.name = "AiAppsConfigError";
  }
}

function parseConfig(source: string, text: string, defaultBaseUrl: string | undefined): ConfiguredApp[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AiAppsConfigError(source, "不是有效的 JSON");
  }
  const parsed = configSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AiAppsConfigError(source, `${issue?.path.join(".") || "(根)"}: ${issue?.message ?? "格式不正确"}`);
  }
  const providers = new Map(parsed.data.providers.map((provider) => [provider.id, provider]));
  const seen = new Set<string>();
  return parsed.data.apps.map((raw, index) => {
    // An entry naming a `provider` is a model app; any other is a Dify app.
    const entry = "provider" in raw ? checked(source, index, modelEntrySchema, raw) : checked(source, index, appEntrySchema, raw);
    if (seen.has(entry.appid)) throw new AiAppsConfigError(source, `appid「${entry.appid}」重复`);
    seen.add(entry.appid);
    return "provider" in entry ? modelAppFrom(source, entry, providers) : difyAppFrom(source, entry, defaultBaseUrl);
  });
}

function checked<T extends z.ZodType>(source: string, index: number, schema: T, raw: unknown): z.infer<T> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AiAppsConfigError(source, `${[index, ...(issue?.path ?? [])].join(".")}: ${issue?.message ?? "格式不正确"}`);
}

function difyAppFrom(source: string, entry: z.infer<typeof appEntrySchema>, defaultBaseUrl: string | undefined): ConfiguredApp {
  const baseUrl = entry.baseUrl ?? defaultBaseUrl;
  if (!baseUrl) throw new AiAppsConfigError(source, `应用「${entry.appid}」缺少 baseUrl，且没有设置 DIFY_API_URL`);
  if (baseUrl !== EMBEDDED_DIFY_BASE_URL && !/^https?:\/\/.+/.test(baseUrl)) {
    throw new AiAppsConfigError(source, `应用「${entry.appid}」的 baseUrl 必须是 http(s) 网址或 ${EMBEDDED_DIFY_BASE_URL}`);
  }
  return {
    appid: entry.appid,
    kind: entry.kind,
    name: entry.name,
    description: entry.description,
    icon: entry.icon,
    upstreamBaseUrl: baseUrl.replace(/\/+$/, ""),
    upstreamSecretKey: entry.apiKey,
    enabled: entry.enabled,
  };
}

function modelAppFrom(source: string, entry: z.infer<typeof modelEntrySchema>, providers: Map<string, z.infer<typeof providerSchema>>): ConfiguredApp {
  const resolve = (ref: z.infer<typeof providerRef>) => {
    if (typeof ref !== "string") return ref;
    const provider = providers.get(ref);
    if (!provider) throw new AiAppsConfigError(source, `应用「${entry.appid}」引用的 provider「${ref}」不存在`);
    return { baseUrl: provider.baseUrl, apiKey: provider.apiKey, headers: provider.headers };
  };
  const settings = modelAppSettingsSchema.safeParse({ ...entry, provider: resolve(entry.provider), fallbackProvider: entry.fallbackProvider && resolve(entry.fallbackProvider) });
  if (!settings.success) {
    const issue = settings.error.issues[0];
    throw new AiAppsConfigError(source, `应用「${entry.appid}」的 ${issue?.path.join(".") || "设置"}: ${issue?.message ?? "格式不正确"}`);
  }
  return {
    appid: entry.appid,
    kind: "chat",
    name: entry.name,
    description: entry.description,
    icon: entry.icon,
    upstreamBaseUrl: EMBEDDED_MODELS_BASE_URL,
    upstreamSecretKey: "",
    enabled: entry.enabled,
    modelSettings: settings.data,
  };
}

/** The embedded demo Dify apps: what the registry holds when no Dify is configured. */
export function demoRegistryApps(): ConfiguredApp[] {
  return demoApps.map((app) => ({
    appid: app.id,
    kind: app.mode,
    name: app.name,
    description: app.description,
    icon: app.icon,
    upstreamBaseUrl: EMBEDDED_DIFY_BASE_URL,
    upstreamSecretKey: app.key,
    enabled: true,
  }));
}

/** The demo model app: two models of the in-process demo provider, the reasoner counting double. */
export function demoModelApp(): ConfiguredApp {
  return {
    appid: "demo-model",
    kind: "chat",
    name: "火花模型",
    description: "演示模型应用：直接和模型对话，可切换快速模型和会先思考的推理模型。",
    icon: "bot",
    upstreamBaseUrl: EMBEDDED_MODELS_BASE_URL,
    upstreamSecretKey: "",
    enabled: true,
    modelSettings: modelAppSettingsSchema.parse({
      provider: { baseUrl: EMBEDDED_PROVIDER_BASE_URL, apiKey: DEMO_PROVIDER_KEY },
      models: DEMO_PROVIDER_MODELS.map((model) => ({ id: model.id, name: model.name, weight: model.reasons ? 2 : 1, vision: model.sees })),
      embeddingModels: DEMO_PROVIDER_EMBEDDING_MODELS.map((model) => ({ id: model.id, name: model.name })),
      systemPrompt: "以思维火花演示模型的身份，用简体中文回答。",
      openingStatement: "您好！我是直接接入的模型。可以在右上角切换模型：「火花 快速版」能看图片，「火花 推理版」会先思考再回答，用量按 2 倍计。",
      suggestedQuestions: ["列出 3 个提高专注力的方法", "写一段 80 字的自我介绍", "如何规划一次周末短途旅行？"],
      // 联网搜索 on: offline it searches the site's own docs and blog (src/features/web-search).
      webSearch: true,
    }),
  };
}

/**
 * The configured apps: `AI_APPS_CONFIG` (a JSON file) wins, then `DIFY_APPS` (+ `DIFY_API_URL` as the
 * default base URL), else the embedded demo apps. Reads no database, so it works at build time.
 */
export function loadConfiguredApps(env: Pick<Env, "AI_APPS_CONFIG" | "DIFY_API_URL" | "DIFY_APPS"> = getEnv()): ConfiguredApp[] {
  if (env.AI_APPS_CONFIG) {
    const file = path.resolve(process.cwd(), env.AI_APPS_CONFIG);
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      throw new AiAppsConfigError("AI_APPS_CONFIG", `无法读取文件 ${file}`);
    }
    return parseConfig("AI_APPS_CONFIG", text, env.DIFY_API_URL);
  }
  if (env.DIFY_APPS) return parseConfig("DIFY_APPS", env.DIFY_APPS, env.DIFY_API_URL);
  if (env.DIFY_API_URL) throw new AiAppsConfigError("DIFY_API_URL", "设置了 DIFY_API_URL 时还需要用 DIFY_APPS 列出应用");
  return [...demoRegistryApps(), demoModelApp()];
}

export function toPublicApp(app: PublicAiApp): PublicAiApp {
  return { appid: app.appid, kind: app.kind, name: app.name, description: app.description, icon: app.icon, ...(app.genaiFiling ? { genaiFiling: app.genaiFiling } : {}) };
}

/** Public fields of the enabled configured apps (the marketing /ai page uses this at build time). */
export function listConfiguredApps(): PublicAiApp[] {
  return loadConfiguredApps()
    .filter((app) => app.enabled)
    .map(toPublicApp);
}
