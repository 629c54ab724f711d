import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AiAppsConfigError, EMBEDDED_DIFY_BASE_URL, EMBEDDED_MODELS_BASE_URL, loadConfiguredApps } from "./config";

const none = { AI_APPS_CONFIG: undefined, DIFY_API_URL: undefined, DIFY_APPS: undefined };

describe("AI app configuration", () => {
  it("falls back to the five embedded demo Dify apps and the demo model app", () => {
    const apps = loadConfiguredApps(none);
    expect(apps.map((app) => [app.appid, app.kind, app.upstreamBaseUrl])).toEqual([
      ["demo-chat", "chat", EMBEDDED_DIFY_BASE_URL],
      ["demo-workflow", "workflow", EMBEDDED_DIFY_BASE_URL],
      ["demo-completion", "completion", EMBEDDED_DIFY_BASE_URL],
      ["demo-agent", "chat", EMBEDDED_DIFY_BASE_URL],
      ["demo-chatflow", "chat", EMBEDDED_DIFY_BASE_URL],
      ["demo-model", "chat", EMBEDDED_MODELS_BASE_URL],
    ]);
    expect(apps[5]!.modelSettings!.models.map((model) => [model.id, model.weight])).toEqual([
      ["spark-swift", 1],
      ["spark-reasoner", 2],
    ]);
  });

  it("reads model apps with their providers (by id or inline), models, weights and fallback", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ai-apps-"));
    const file = path.join(dir, "apps.json");
    const config = {
      providers: [
        { id: "deepseek", baseUrl: "https://api.deepseek.com/v1/", apiKey: "sk-ds" },
        { id: "local", baseUrl: "http://127.0.0.1:11434/v1" },
      ],
      apps: [
        {
          appid: "deepseek",
          kind: "chat",
          name: "DeepSeek",
          provider: "deepseek",
          fallbackProvider: "local",
          models: [{ id: "deepseek-chat", name: "DeepSeek-V3" }, { id: "deepseek-reasoner", weight: 4 }],
          defaultModel: "deepseek-reasoner",
          systemPrompt: "用中文回答。",
        },
        { appid: "qwen", kind: "chat", name: "通义千问", provider: { baseUrl: "https://dashscope.aliyuncs.com/compatible-mode/v1", apiKey: "sk-qw", headers: { "X-DashScope-SSE": "enable" } }, models: [{ id: "qwen-plus" }] },
      ],
    };
    writeFileSync(file, JSON.stringify(config));
    const [deepseek, qwen] = loadConfiguredApps({ ...none, AI_APPS_CONFIG: file });
    expect(deepseek).toMatchObject({ appid: "deepseek", kind: "chat", upstreamBaseUrl: EMBEDDED_MODELS_BASE_URL, icon: "bot" });
    expect(deepseek!.modelSettings).toMatchObject({
      provider: { baseUrl: "https://api.deepseek.com/v1", apiKey: "sk-ds", headers: {} },
      fallbackProvider: { baseUrl: "http://127.0.0.1:11434/v1", apiKey: "not-needed" },
      models: [{ id: "deepseek-chat", name: "DeepSeek-V3", weight: 1 }, { id: "deepseek-reasoner", weight: 4 }],
      defaultModel: "deepseek-reasoner",
    });
    expect(qwen!.modelSettings!.provider.headers).toEqual({ "X-DashScope-SSE": "enable" });
  });

  it("rejects a model app naming an unknown provider, an unknown default model or a non-ASCII header", () => {
    const bad = (apps: object[]) => () => loadConfiguredApps({ ...none, DIFY_APPS: JSON.stringify(apps) });
    const base = { appid: "m", kind: "chat", name: "模型", models: [{ id: "x" }] };
    expect(bad([{ ...base, provider: "nope" }])).toThrow(/provider「nope」不存在/);
    expect(bad([{ ...base, provider: { baseUrl: "https://p.dev/v1" }, defaultModel: "y" }])).toThrow(/defaultModel 必须是 models 中的一个/);
    expect(bad([{ ...base, provider: { baseUrl: "https://p.dev/v1", headers: { "X-Team": "团队" } } }])).toThrow(/ASCII/);
    expect(bad([{ ...base, provider: { baseUrl: "ftp://p.dev" } }])).toThrow(/baseUrl 必须是 http/);
    expect(bad([{ ...base, kind: "workflow", provider: { baseUrl: "https://p.dev/v1" } }])).toThrow(/模型应用的 kind 必须是 chat/);
  });

  it("reads DIFY_APPS with DIFY_API_URL as the default base URL", () => {
    const apps = loadConfiguredApps({
      ...none,
      DIFY_API_URL: "https://dify.example.com/v1/",
      DIFY_APPS: JSON.stringify([{ appid: "writer", kind: "completion", name: "写作", apiKey: "app-1" }, { appid: "bot", kind: "chat", name: "机器人", apiKey: "app-2", baseUrl: "https://other.example.com/v1", enabled: false }]),
    });
    expect(apps).toMatchObject([
      { appid: "writer", upstreamBaseUrl: "https://dify.example.com/v1", upstreamSecretKey: "app-1", enabled: true, icon: "message-square" },
      { appid: "bot", upstreamBaseUrl: "https://other.example.com/v1", enabled: false },
    ]);
  });

  it("reads an AI_APPS_CONFIG file ({apps: [...]})", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ai-apps-"));
    const file = path.join(dir, "apps.json");
    writeFileSync(file, JSON.stringify({ apps: [{ appid: "flow", kind: "workflow", name: "流程", apiKey: "app-3", baseUrl: "http://dify.local/v1" }] }));
    expect(loadConfiguredApps({ ...none, AI_APPS_CONFIG: file })).toMatchObject([{ appid: "flow", kind: "workflow" }]);
  });

  it("rejects bad configuration with a readable Chinese message", () => {
    const bad = (DIFY_APPS: string, DIFY_API_URL?: string) => () => loadConfiguredApps({ ...none, DIFY_APPS, DIFY_API_URL });
    expect(bad("not json")).toThrow(/不是有效的 JSON/);
    expect(bad(JSON.stringify([{ appid: "a b", kind: "chat", name: "x", apiKey: "k" }]), "https://x.dev/v1")).toThrow(/appid 只能包含/);
    expect(bad(JSON.stringify([{ appid: "a", kind: "chat", name: "x", apiKey: "k" }]))).toThrow(/缺少 baseUrl/);
    expect(bad(JSON.stringify([{ appid: "a", kind: "chat", name: "x", apiKey: "k" }, { appid: "a", kind: "chat", name: "y", apiKey: "k" }]), "https://x.dev/v1")).toThrow(AiAppsConfigError);
    expect(() => loadConfiguredApps({ ...none, DIFY_API_URL: "https://x.dev/v1" })).toThrow(/DIFY_APPS/);
  });
});
