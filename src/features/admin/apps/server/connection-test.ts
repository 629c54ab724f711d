import "server-only";
import { createDemoModelProvider } from "@/embedded/model-provider";
import type { AiApp, UpstreamCaller } from "@/features/ai-apps/server";
import { EMBEDDED_PROVIDER_BASE_URL, type ProviderSettings } from "@/features/ai-models/server";
import type { ConnectionTestResult } from "../types";

export type ConnectionTestOptions = {
  /** The proxy's upstream client (`getAiProxy().callUpstream`): Dify is reached as a user's call reaches it. */
  callUpstream: UpstreamCaller;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

const DEFAULT_TIMEOUT_MS = 8_000;

class TestFailure extends Error {}

/** An upstream's answer in words an operator acts on (Chinese); throws TestFailure. */
async function expectJson(response: Response, what: string): Promise<Record<string, unknown>> {
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw new TestFailure(`上游返回了重定向（${response.status}），出于安全不跟随：请填写最终的接口地址`);
  }
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    throw new TestFailure(`密钥无效（上游返回 ${response.status}）`);
  }
  if (response.status === 404) {
    await response.body?.cancel();
    throw new TestFailure(`找不到 ${what}（404）：请检查接口地址，Dify 的地址通常以 /v1 结尾`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new TestFailure(`上游返回错误（HTTP ${response.status}）`);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new TestFailure(`${what} 的回答不是预期的 JSON：接口地址可能不对`);
  return body as Record<string, unknown>;
}

function failureMessage(error: unknown, timeoutMs: number): string {
  if (error instanceof TestFailure) return error.message;
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") return `连接超时：${Math.round(timeoutMs / 1000)} 秒内没有响应`;
  return "无法连接：请检查接口地址，以及服务器能否访问该地址";
}

async function timed(timeoutMs: number, work: () => Promise<Omit<Extract<ConnectionTestResult, { ok: true }>, "ok" | "latencyMs">>): Promise<ConnectionTestResult> {
  const started = performance.now();
  try {
    const result = await work();
    return { ok: true, latencyMs: Math.round(performance.now() - started), ...result };
  } catch (error) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), message: failureMessage(error, timeoutMs) };
  }
}

/** A Dify app: `GET /info` (its name) and `GET /parameters`, as the proxy calls them, redirects not followed. */
function testDifyApp(app: AiApp, options: ConnectionTestOptions, timeoutMs: number): Promise<ConnectionTestResult> {
  return timed(timeoutMs, async () => {
    const call = (path: string) => options.callUpstream(app, { method: "GET", path, signal: AbortSignal.timeout(timeoutMs), redirect: "manual" });
    const info = await expectJson(await call("/info"), "/info");
    await expectJson(await call("/parameters"), "/parameters");
    const appName = typeof info.name === "string" ? info.name : "";
    return { appName, summary: appName ? `连接成功：Dify 应用「${appName}」` : "连接成功" };
  });
}

/** The provider's model list (`GET /models`, OpenAI-compatible); the embedded demo provider in-process. */
function listModels(provider: ProviderSettings, options: ConnectionTestOptions, timeoutMs: number): Promise<Response> {
  const init: RequestInit = {
    method: "GET",
    headers: { ...provider.headers, Authorization: `Bearer ${provider.apiKey}`, Accept: "application/json" },
    signal: AbortSignal.timeout(timeoutMs),
    redirect: "manual",
  };
  if (provider.baseUrl === EMBEDDED_PROVIDER_BASE_URL) return Promise.resolve(createDemoModelProvider().fetch(new Request("http://embedded-model-provider.invalid/models", init)));
  return (options.fetch ?? globalThis.fetch)(`${provider.baseUrl}/models`, init);
}

function testModelApp(app: AiApp, options: ConnectionTestOptions, timeoutMs: number): Promise<ConnectionTestResult> {
  const settings = app.modelSettings!;
  return timed(timeoutMs, async () => {
    const body = await expectJson(await listModels(settings.provider, options, timeoutMs), "/models");
    const data = Array.isArray(body.data) ? body.data : [];
    const models = data.flatMap((entry: unknown) => (typeof entry === "object" && entry !== null && typeof (entry as { id?: unknown }).id === "string" ? [(entry as { id: string }).id] : []));
    const missing = settings.models.map((model) => model.id).filter((id) => !models.includes(id));
    const found = `连接成功：服务商提供 ${models.length} 个模型`;
    return { models: models.slice(0, 100), summary: missing.length > 0 && models.length > 0 ? `${found}，其中没有：${missing.join("、")}` : found };
  });
}

/** 连接测试: server-side only, with a time limit, no redirect followed; never returns a key. */
export function testAppConnection(app: AiApp, options: ConnectionTestOptions): Promise<ConnectionTestResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return app.modelSettings ? testModelApp(app, options, timeoutMs) : testDifyApp(app, options, timeoutMs);
}
