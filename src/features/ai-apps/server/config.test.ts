import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AiAppsConfigError, EMBEDDED_DIFY_BASE_URL, loadConfiguredApps } from "./config";

const none = { AI_APPS_CONFIG: undefined, DIFY_API_URL: undefined, DIFY_APPS: undefined };

describe("AI app configuration", () => {
  it("falls back to the three embedded demo apps", () => {
    const apps = loadConfiguredApps(none);
    expect(apps.map((app) => [app.appid, app.kind, app.upstreamBaseUrl])).toEqual([
      ["demo-chat", "chat", EMBEDDED_DIFY_BASE_URL],
      ["demo-workflow", "workflow", EMBEDDED_DIFY_BASE_URL],
      ["demo-completion", "completion", EMBEDDED_DIFY_BASE_URL],
    ]);
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
