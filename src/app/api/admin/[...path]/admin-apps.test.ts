// First: sets up what next start does before anything else (see next-request-scope.ts).
import { callRouteHandler } from "@/features/auth/server/next-request-scope";
import { rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../../test/embedded-app-env";

// Issue 18 §3 (AI 应用): the console's registry API on the embedded installation — keys never in an
// answer, an added app answering through the proxy at once, the configuration's rule, 连接测试.
const SITE = "http://localhost:3000";
const dataDir = stubEmbeddedAppEnv("admin-apps", { AUTH_RATE_LIMIT_SIGN_IN: "1000/60" });

const { closeDatabase, getDatabase, adminAuditLog, aiApps } = await import("@/lib/db");
const { eq, like } = await import("drizzle-orm");
const { setAdminRole } = await import("@/features/admin/server/admin-role");
const { listEnabledApps, getApp, seedAppRegistry, loadConfiguredApps } = await import("@/features/ai-apps/server");
const { getAiProxy } = await import("@/features/ai-call/server");
const { testAppConnection } = await import("@/features/admin/apps/server");
const { demoApps } = await import("@/embedded/dify");
const { DEMO_PROVIDER_EMBEDDING_MODELS, DEMO_PROVIDER_KEY, DEMO_PROVIDER_MODELS } = await import("@/embedded/model-provider");
const appsPage = await import("@/app/admin/(console)/apps/page");
const { startAdminTestKit } = await import("./admin-test-kit");
const { service, newUser, signIn, cookieHeader, headersFor, api } = await startAdminTestKit();

const DEMO_KEYS = [...demoApps.map((app) => app.key), DEMO_PROVIDER_KEY];
const CHAT_KEY = demoApps.find((app) => app.id === "demo-chat")!.key;
const expectNoKey = (value: unknown) => {
  const text = JSON.stringify(value);
  for (const key of [...DEMO_KEYS, "app-typed-secret-key-4321"]) expect(text, key).not.toContain(key);
};

let admin: { id: string; cookie: string };
let deadPort: number;
const servers: Server[] = [];
async function listen(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

const difyApp = (overrides: Record<string, unknown> = {}) => ({ type: "dify", kind: "chat", name: "后台助手", description: "后台添加的应用", icon: "bot", enabled: true, baseUrl: "embedded:dify", apiKey: CHAT_KEY, ...overrides });
const proxyInfo = async (appid: string) => {
  const response = await getAiProxy().handle(new Request(`${SITE}/api/ai/dify/info?appid=${appid}`), { path: ["info"], userId: randomUUID() });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

beforeAll(async () => {
  const user = await newUser("apps-admin@example.com");
  const { data } = await service.auth.admin.getUserById(user.id);
  await setAdminRole(service, data.user!, true);
  const { session } = await signIn(user.email);
  admin = { id: user.id, cookie: await cookieHeader(session) };
  deadPort = await listen(() => undefined);
  await new Promise((resolve) => servers.pop()!.close(resolve));
}, 180_000);
afterAll(async () => {
  for (const server of servers) server.close();
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the AI 应用 section", () => {
  it("lists every app with its key as the last four only, in the API and in the page's data", async () => {
    const listed = await api(admin.cookie, "GET", "apps");
    expect(listed.status).toBe(200);
    const apps = (listed.body as { apps: { appid: string; keyHint: string; managedBy: string }[] }).apps;
    expect(apps.map((app) => app.appid)).toEqual(loadConfiguredApps().map((app) => app.appid));
    expect(apps.find((app) => app.appid === "demo-chat")).toMatchObject({ keyHint: `••••${CHAT_KEY.slice(-4)}`, managedBy: "config" });
    expectNoKey(listed.body);
    // What the page hands to the browser (the client components' props).
    const url = `${SITE}/admin/apps`;
    let rendered: unknown;
    await callRouteHandler(async () => {
      rendered = await appsPage.default();
      return new Response(null);
    }, new NextRequest(url, { headers: await headersFor(url, admin.cookie) }));
    const props = JSON.stringify(rendered, (_key, value: unknown) => (typeof value === "function" || typeof value === "symbol" ? undefined : value));
    expect(props).toContain("demo-chat");
    expectNoKey(props);
  });

  it("adds a Dify app that the proxy answers for at once, without a restart; disabling hides it; each audited", async () => {
    expect((await proxyInfo("console-chat")).status).toBe(404);
    const created = await api(admin.cookie, "POST", "apps", { appid: "console-chat", app: difyApp() });
    expect(created).toMatchObject({ status: 200, body: { appid: "console-chat", keyHint: `••••${CHAT_KEY.slice(-4)}`, managedBy: "console", enabled: true } });
    expectNoKey(created.body);
    expect(await proxyInfo("console-chat")).toMatchObject({ status: 200, body: { name: "火花助手" } });
    expect((await listEnabledApps()).map((app) => app.appid)).toContain("console-chat");
    const stored = (await (await getDatabase()).select().from(aiApps).where(eq(aiApps.appid, "console-chat")))[0]!;
    expect(stored.upstreamSecretKey).toMatch(/^v1:/);

    expect(await api(admin.cookie, "POST", "apps/console-chat/enabled", { enabled: false })).toMatchObject({ status: 200, body: { enabled: false } });
    expect((await proxyInfo("console-chat")).status).toBe(404);
    expect((await listEnabledApps()).map((app) => app.appid)).not.toContain("console-chat");
    expect(await api(admin.cookie, "POST", "apps/console-chat/enabled", { enabled: true })).toMatchObject({ status: 200 });
    expect((await proxyInfo("console-chat")).status).toBe(200);

    const audit = await (await getDatabase()).select().from(adminAuditLog).where(like(adminAuditLog.action, "app.%")).orderBy(adminAuditLog.createdAt);
    expect(audit.map((entry) => [entry.actorId, entry.action])).toEqual([
      [admin.id, "app.create"],
      [admin.id, "app.disable"],
      [admin.id, "app.enable"],
    ]);
    expect(audit[0]).toMatchObject({ before: null, after: { appid: "console-chat", key: `••••${CHAT_KEY.slice(-4)}`, baseUrl: "embedded:dify" } });
    expect(audit[1]).toMatchObject({ before: { appid: "console-chat", enabled: true }, after: { enabled: false } });
    expectNoKey(audit);
    expect(await api(admin.cookie, "POST", "apps", { appid: "console-chat", app: difyApp() })).toMatchObject({ status: 409 });
  });

  it("keeps the stored key on an edit without one, wants it again for another URL, and takes a new one", async () => {
    await api(admin.cookie, "POST", "apps", { appid: "edit-me", app: difyApp() });
    const edited = await api(admin.cookie, "POST", "apps/edit-me", { ...difyApp({ name: "改过的名字" }), apiKey: undefined });
    expect(edited).toMatchObject({ status: 200, body: { name: "改过的名字", keyHint: `••••${CHAT_KEY.slice(-4)}` } });
    expect((await getApp("edit-me"))?.upstreamSecretKey).toBe(CHAT_KEY);
    // A hijacked session must not send the stored key elsewhere: by saving, nor by 连接测试.
    const elsewhere = { ...difyApp({ baseUrl: `http://127.0.0.1:${deadPort}/v1` }), apiKey: undefined };
    expect(await api(admin.cookie, "POST", "apps/edit-me", elsewhere)).toEqual({ status: 400, body: { statusCode: 400, message: "接口地址已修改，请重新填写密钥" } });
    expect(await api(admin.cookie, "POST", "apps/connection-test", { appid: "edit-me", app: elsewhere })).toMatchObject({ status: 400 });
    expect((await getApp("edit-me"))?.upstreamBaseUrl).toBe("embedded:dify");
    expect(await api(admin.cookie, "POST", "apps/edit-me", difyApp({ apiKey: "app-typed-secret-key-4321" }))).toMatchObject({ status: 200, body: { keyHint: "••••4321" } });
    expect((await getApp("edit-me"))?.upstreamSecretKey).toBe("app-typed-secret-key-4321");
    const audit = await (await getDatabase()).select().from(adminAuditLog).where(eq(adminAuditLog.action, "app.update"));
    expect(audit.at(-1)).toMatchObject({ before: { key: `••••${CHAT_KEY.slice(-4)}` }, after: { key: "••••4321" } });
    expectNoKey(audit);
    expect(await api(admin.cookie, "POST", "apps/no-such-app", difyApp())).toMatchObject({ status: 404 });
  });

  it("stores an app's 生成式人工智能服务 filing from its form, shows it to users, and clears it when emptied", async () => {
    const filing = "网信算备110108012345601230011号";
    expect(await api(admin.cookie, "POST", "apps", { appid: "filed-app", app: difyApp({ genaiFiling: filing }) })).toMatchObject({ status: 200, body: { fields: { genaiFiling: filing } } });
    expect((await listEnabledApps()).find((app) => app.appid === "filed-app")).toMatchObject({ genaiFiling: filing });
    expect(await api(admin.cookie, "POST", "apps/filed-app", { ...difyApp({ genaiFiling: "" }), apiKey: undefined })).toMatchObject({ status: 200 });
    expect((await listEnabledApps()).find((app) => app.appid === "filed-app")).not.toHaveProperty("genaiFiling");
    expect(await api(admin.cookie, "POST", "apps/filed-app", difyApp({ genaiFiling: "长".repeat(301) }))).toMatchObject({ status: 400, body: { message: "备案 / 登记信息最多 300 个字符" } });
  });

  it("saves 站点设置 through the console API, audited, and refuses a bad form in Chinese", async () => {
    expect(await api(admin.cookie, "POST", "settings", { icpNumber: "沪ICP备87654321号", requirePhoneForAi: true })).toMatchObject({ status: 200, body: { settings: { icpNumber: "沪ICP备87654321号", requirePhoneForAi: true } } });
    expect(await api(admin.cookie, "GET", "settings")).toMatchObject({ status: 200, body: { overrides: { icpNumber: "沪ICP备87654321号", requirePhoneForAi: true }, env: { icpNumber: "", requirePhoneForAi: false } } });
    expect(await api(admin.cookie, "POST", "settings", { requirePhoneForAi: "yes" })).toMatchObject({ status: 400 });
    expect(await api(admin.cookie, "POST", "settings", { icpNumber: null, requirePhoneForAi: null })).toMatchObject({ status: 200, body: { settings: { icpNumber: "", requirePhoneForAi: false } } });
    const audit = await (await getDatabase()).select().from(adminAuditLog).where(eq(adminAuditLog.action, "site.settings.update"));
    expect(audit.at(-1)).toMatchObject({ actorId: admin.id, before: { icpNumber: "沪ICP备87654321号", requirePhoneForAi: true }, after: {} });
  });

  it("owns an edited demo app from then on: the next start from the configuration leaves it alone", async () => {
    await api(admin.cookie, "POST", "apps/demo-workflow", { ...difyApp({ kind: "workflow", name: "运营改的工作流" }), apiKey: undefined });
    await seedAppRegistry(await getDatabase());
    const listed = (await api(admin.cookie, "GET", "apps")).body as { apps: { appid: string; name: string; managedBy: string }[] };
    expect(listed.apps.find((app) => app.appid === "demo-workflow")).toMatchObject({ name: "运营改的工作流", managedBy: "console" });
    expect(listed.apps.find((app) => app.appid === "demo-completion")).toMatchObject({ managedBy: "config" });
  });

  it("reorders every app; the users' list follows", async () => {
    const all = ((await api(admin.cookie, "GET", "apps")).body as { apps: { appid: string }[] }).apps.map((app) => app.appid);
    const reversed = [...all].reverse();
    expect(await api(admin.cookie, "POST", "apps/order", { appids: reversed })).toMatchObject({ status: 200 });
    const enabled = new Set((await listEnabledApps()).map((app) => app.appid));
    expect((await listEnabledApps()).map((app) => app.appid)).toEqual(reversed.filter((appid) => enabled.has(appid)));
    for (const appids of [reversed.slice(1), [...reversed, reversed[0]], [...reversed.slice(1), "ghost"], []]) {
      expect(await api(admin.cookie, "POST", "apps/order", { appids }), JSON.stringify(appids).slice(0, 40)).toMatchObject({ status: 400 });
    }
  });

  it("refuses bad fields with Chinese messages", async () => {
    const bad: [string, unknown][] = [
      ["javascript: URL", { appid: "bad-1", app: difyApp({ baseUrl: "javascript:alert(1)" }) }],
      ["ftp URL", { appid: "bad-2", app: difyApp({ baseUrl: "ftp://dify.example.com/v1" }) }],
      ["credentials in the URL", { appid: "bad-3", app: difyApp({ baseUrl: "https://user:pass@dify.example.com/v1" }) }],
      ["empty name", { appid: "bad-4", app: difyApp({ name: "  " }) }],
      ["long name", { appid: "bad-5", app: difyApp({ name: "名".repeat(41) }) }],
      ["bad appid", { appid: "../x", app: difyApp() }],
      ["reserved appid", { appid: "order", app: difyApp() }],
      ["unknown kind", { appid: "bad-6", app: difyApp({ kind: "agent-chat" }) }],
      ["hostile icon", { appid: "bad-7", app: difyApp({ icon: '"><script>alert(1)</script>' }) }],
      ["extra field", { appid: "bad-8", app: difyApp({ upstreamSecretKey: "x" }) }],
      ["no key for a new app", { appid: "bad-9", app: difyApp({ apiKey: "" }) }],
      ["key with a newline", { appid: "bad-10", app: difyApp({ apiKey: "app-a\nX-Evil: 1" }) }],
      ["no models", { appid: "bad-11", app: { type: "model", name: "模型", icon: "bot", provider: { baseUrl: "embedded:model-provider" }, models: [] } }],
      ["default model not listed", { appid: "bad-12", app: { type: "model", name: "模型", icon: "bot", provider: { baseUrl: "embedded:model-provider" }, models: [{ id: "a", weight: 1, vision: false }], defaultModel: "b" } }],
      ["temperature 3", { appid: "bad-13", app: { type: "model", name: "模型", icon: "bot", provider: { baseUrl: "embedded:model-provider" }, models: [{ id: "a", weight: 1, vision: false }], temperature: 3 } }],
      ["huge description", { appid: "bad-14", app: difyApp({ description: "x".repeat(301) }) }],
    ];
    for (const [what, body] of bad) {
      const answer = await api(admin.cookie, "POST", "apps", body);
      expect(answer.status, what).toBe(400);
      expect((answer.body as { message: string }).message, what).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await (await getDatabase()).select().from(aiApps).where(like(aiApps.appid, "bad-%"))).toEqual([]);
  });

  it("adds a model app on the demo provider; 连接测试 lists its models; a wrong key is 密钥无效", async () => {
    const model = { type: "model", name: "后台模型", icon: "bot", provider: { baseUrl: "embedded:model-provider", apiKey: DEMO_PROVIDER_KEY }, models: [{ id: DEMO_PROVIDER_MODELS[0]!.id, name: "快速", weight: 1, vision: false }] };
    const created = await api(admin.cookie, "POST", "apps", { appid: "console-model", app: model });
    expect(created).toMatchObject({ status: 200, body: { type: "model", keyHint: `••••${DEMO_PROVIDER_KEY.slice(-4)}` } });
    expectNoKey(created.body);
    const tested = await api(admin.cookie, "POST", "apps/connection-test", { appid: "console-model" });
    // The provider's /models lists its chat models and its embedding model, as OpenAI's does.
    const listed = [...DEMO_PROVIDER_MODELS, ...DEMO_PROVIDER_EMBEDDING_MODELS].map((entry) => entry.id);
    expect(tested).toMatchObject({ status: 200, body: { ok: true, models: listed } });
    expect((tested.body as { summary: string }).summary).toContain(`${listed.length} 个模型`);
    const wrong = await api(admin.cookie, "POST", "apps/connection-test", { app: { ...model, provider: { baseUrl: "embedded:model-provider", apiKey: "sk-wrong" } } });
    expect(wrong).toMatchObject({ status: 200, body: { ok: false, message: expect.stringContaining("密钥无效") } });
    expect(await proxyInfo("console-model")).toMatchObject({ status: 200, body: { name: "后台模型" } });
  });

  it("tests a Dify app against the demo Dify, a wrong key, a dead port, a redirect and a silent server", async () => {
    const ok = await api(admin.cookie, "POST", "apps/connection-test", { app: difyApp() });
    expect(ok).toMatchObject({ status: 200, body: { ok: true, appName: "火花助手", latencyMs: expect.any(Number) } });
    expect((ok.body as { summary: string }).summary).toContain("火花助手");
    expect(await api(admin.cookie, "POST", "apps/connection-test", { app: difyApp({ apiKey: "app-wrong" }) })).toMatchObject({ body: { ok: false, message: expect.stringContaining("密钥无效") } });
    expect(await api(admin.cookie, "POST", "apps/connection-test", { app: difyApp({ baseUrl: `http://127.0.0.1:${deadPort}/v1` }) })).toMatchObject({ body: { ok: false, message: expect.stringContaining("无法连接") } });
    const redirecting = await listen((_request, response) => response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data" }).end());
    const redirected = await api(admin.cookie, "POST", "apps/connection-test", { app: difyApp({ baseUrl: `http://127.0.0.1:${redirecting}/v1` }) });
    expect(redirected).toMatchObject({ body: { ok: false, message: expect.stringContaining("重定向") } });
    expect(await api(admin.cookie, "POST", "apps/connection-test", { appid: "demo-chat" })).toMatchObject({ body: { ok: true, appName: "火花助手" } });
    expect(await api(admin.cookie, "POST", "apps/connection-test", { appid: "ghost" })).toMatchObject({ status: 404 });
    // A server that accepts and never answers: the time limit.
    const silent = await listen(() => undefined);
    const app = { appid: "t", kind: "chat" as const, name: "t", description: "", icon: "bot", enabled: true, upstreamBaseUrl: `http://127.0.0.1:${silent}/v1`, upstreamSecretKey: "k" };
    const timedOut = await testAppConnection(app, { callUpstream: getAiProxy().callUpstream, timeoutMs: 300 });
    expect(timedOut).toMatchObject({ ok: false, message: expect.stringContaining("连接超时") });
    expect(timedOut.latencyMs).toBeLessThan(5_000);
  });
});
