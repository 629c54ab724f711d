// First: the request scope sets up what `next start` has before anything of Next.js loads.
import { callRouteHandler } from "@/features/auth/server/next-request-scope";
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import OpenAI from "openai";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { stubEmbeddedAppEnv } from "../../../test/embedded-app-env";

// Issue 33 parts 3 and 4 on an embedded installation: the real-name step of the AI call (a verified
// phone before any AI call, REQUIRE_PHONE_FOR_AI and the console's switch) through the proxy's route
// handler and /v1, and the footer's filings from the environment and from the console's 站点设置.
const dataDir = stubEmbeddedAppEnv("compliance", {
  SESSION_CHECK_CACHE_MS: "0",
  DIFY_DEMO_PACE_MS: "0",
  REQUIRE_PHONE_FOR_AI: "on",
  SITE_ICP_NUMBER: "京ICP备12345678号-1",
  SITE_PSB_NUMBER: "京公网安备11010502012345号",
  SITE_GENAI_FILING: "",
});
let currentUser = "";
vi.mock("@/features/auth/server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/features/auth/server")>()),
  resolveSignedInUser: async () => ({ state: "ok", userId: currentUser }),
}));

const proxyRoute = await import("../api/ai/dify/[...path]/route");
const completionsRoute = await import("./chat/completions/route");
const { settingsRoutes } = await import("@/features/admin/settings/server/settings-routes");
const { SiteFilingsFooter } = await import("@/features/compliance/components/site-filings");
const { resetComplianceSettingsCache } = await import("@/features/compliance/server");
const { getSupabaseConnection } = await import("@/lib/supabase/connection");
const { closeDatabase, getDatabase } = await import("@/lib/db");
const { createApiKey } = await import("@/features/api-keys/server");
const { getAiProxy } = await import("@/features/ai-call/server");

let admin: SupabaseClient;
beforeAll(async () => {
  const connection = await getSupabaseConnection();
  admin = createClient(connection.url, connection.serviceRoleKey, {
    global: { fetch: connection.fetch },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
});
beforeEach(() => resetComplianceSettingsCache());
afterAll(async () => {
  await getAiProxy().idle();
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

async function newUser(): Promise<string> {
  const { data, error } = await admin.auth.admin.createUser({ email: `${randomUUID()}@example.com`, password: "secret-password-1", email_confirm: true });
  if (error) throw error;
  return data.user.id;
}
let phoneCount = 0;
async function verifyPhone(userId: string): Promise<void> {
  const { error } = await admin.auth.admin.updateUserById(userId, { phone: `+86138${String(++phoneCount).padStart(8, "0")}`, phone_confirm: true });
  if (error) throw error;
}

/** A chat question through the proxy's route handler, as the chat page sends it. */
async function chat(userId: string): Promise<Response> {
  currentUser = userId;
  const request = new Request("http://localhost:3000/api/ai/dify/chat-messages?appid=demo-chat", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "你好", inputs: {}, response_mode: "streaming" }),
  });
  return proxyRoute.POST(request, { params: Promise.resolve({ path: ["chat-messages"] }) });
}

const routeFetch: typeof fetch = async (input, init) => callRouteHandler(completionsRoute.POST, new Request(input instanceof Request ? input : String(input), init));
async function apiClient(userId: string): Promise<OpenAI> {
  const { secret } = await createApiKey(await getDatabase(), userId, { name: "测试" });
  return new OpenAI({ apiKey: secret, baseURL: "http://localhost:3000/v1", fetch: routeFetch, maxRetries: 0 });
}

/** The footer as a page request renders it (inside Next.js's request scope, as under `npm start`). */
async function footerHtml(): Promise<string> {
  const render = async () => new Response(renderToStaticMarkup(await SiteFilingsFooter()));
  return (await callRouteHandler(render, new Request("http://localhost:3000/"))).text();
}

/** The console's 站点设置, saved by an operator. */
async function saveSettings(json: Record<string, unknown>): Promise<Response> {
  const save = settingsRoutes.find((route) => route.method === "POST")!;
  const request = new Request("http://localhost:3000/api/admin/settings", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(json) });
  return save.handle(request, [], { userId: randomUUID() } as Parameters<typeof save.handle>[2]);
}

describe("REQUIRE_PHONE_FOR_AI: a verified phone before any AI call", () => {
  it("refuses a phone-less account on the chat page's proxy call, with the reason and the link to bind", async () => {
    const response = await chat(await newUser());
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ statusCode: 403, code: "phone_required", message: expect.stringContaining("手机号"), bindUrl: "/dashboard/settings#phone" });
  });

  it("refuses it on /v1 with OpenAI's 403 (PermissionDeniedError)", async () => {
    const client = await apiClient(await newUser());
    const failure = await client.chat.completions.create({ model: "demo-chat", messages: [{ role: "user", content: "你好" }] }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect((failure as InstanceType<typeof OpenAI.PermissionDeniedError>).error).toMatchObject({ code: "phone_required", type: "permission_error", message: expect.stringContaining("手机号") });
  });

  it("lets the same account call once its phone is verified, on the page and on /v1 (with the AI label)", async () => {
    const user = await newUser();
    expect((await chat(user)).status).toBe(403);
    await verifyPhone(user);
    const page = await chat(user);
    expect(page.status).toBe(200);
    await page.text();

    const client = await apiClient(user);
    const { data: completion, response } = await client.chat.completions.create({ model: "demo-chat", messages: [{ role: "user", content: "你好" }] }).withResponse();
    expect(completion.choices[0]!.message.content).toBeTruthy();
    expect(response.headers.get("x-aigc-label")).toBe("1");
    expect((completion as unknown as { aigc: Record<string, string> }).aigc).toMatchObject({ label: "内容由 AI 生成", Label: "1", ContentProducer: "思维火花", ProduceID: completion.id });
  });

  it("follows the console's switch over the environment: off lets phone-less accounts call, cleared follows the environment again", async () => {
    const user = await newUser();
    expect((await saveSettings({ requirePhoneForAi: false })).status).toBe(200);
    const allowed = await chat(user);
    expect(allowed.status).toBe(200);
    await allowed.text();
    expect((await saveSettings({ requirePhoneForAi: null })).status).toBe(200);
    expect((await chat(user)).status).toBe(403);
  });
});

describe("the footer's filings", () => {
  it("shows the environment's ICP and 公安 numbers, linked to their registers", async () => {
    const html = await footerHtml();
    expect(html).toContain('href="https://beian.miit.gov.cn/"');
    expect(html).toContain("京ICP备12345678号-1");
    expect(html).toContain('href="https://beian.mps.gov.cn/#/query/webSearch?code=11010502012345"');
    expect(html).toContain("京公网安备11010502012345号");
    expect(html).toContain('src="/compliance/psb-badge.svg"');
    expect(html).not.toContain("生成式人工智能服务备案");
  });

  it("shows the console's values over the environment's at once, and the environment's again when cleared", async () => {
    expect((await saveSettings({ icpNumber: "沪ICP备87654321号", genaiFiling: "网信算备310000000000001号" })).status).toBe(200);
    const html = await footerHtml();
    expect(html).toContain("沪ICP备87654321号");
    expect(html).not.toContain("京ICP备12345678号-1");
    expect(html).toContain(`生成式人工智能服务备案：<span translate="no">网信算备310000000000001号</span>`);
    await saveSettings({ icpNumber: null, genaiFiling: null });
    expect(await footerHtml()).toContain("京ICP备12345678号-1");
  });

  it("refuses a malformed console form with a Chinese message (the console API answers it as a 400)", async () => {
    await expect(saveSettings({ icpNumber: "x".repeat(101) })).rejects.toThrow("ICP 备案号最多 100 个字符");
  });
});
