import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "@/lib/zod";
import { demoApps } from "@/embedded/dify";
import { getEnv, type Env } from "@/lib/env";
import { APPID_PATTERN, type PublicAiApp } from "../types";

/** Upstream base URL meaning "the in-process demo Dify server" (src/embedded/dify). */
export const EMBEDDED_DIFY_BASE_URL = "embedded:dify";

/** A registry entry with its upstream — server-side only. */
export interface ConfiguredApp extends PublicAiApp {
  upstreamBaseUrl: string;
  upstreamSecretKey: string;
  enabled: boolean;
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

const configSchema = z.union([z.array(appEntrySchema), z.object({ apps: z.array(appEntrySchema) }).transform((value) => value.apps)]);

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
  const seen = new Set<string>();
  return parsed.data.map((entry) => {
    if (seen.has(entry.appid)) throw new AiAppsConfigError(source, `appid「${entry.appid}」重复`);
    seen.add(entry.appid);
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
  });
}

/** The three embedded demo apps: what the registry holds when no Dify is configured. */
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
  return demoRegistryApps();
}

export function toPublicApp(app: PublicAiApp): PublicAiApp {
  return { appid: app.appid, kind: app.kind, name: app.name, description: app.description, icon: app.icon };
}

/** Public fields of the enabled configured apps (the marketing /ai page uses this at build time). */
export function listConfiguredApps(): PublicAiApp[] {
  return loadConfiguredApps()
    .filter((app) => app.enabled)
    .map(toPublicApp);
}
