import { rmSync } from "node:fs";
import { createClient, type Session, type SupabaseClient } from "@supabase/supabase-js";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../test/embedded-app-env";
import { sessionCookieHeader } from "../../../test/session-cookies";

// The fast lane as server.mjs calls it (Web Requests in, Responses out), on a throwaway embedded
// installation with the demo apps: what a browser, another site's page and a token forger get.
const SITE = "http://localhost:3000";
const dataDir = stubEmbeddedAppEnv("fast-lane", { DIFY_API_URL: "", AI_APPS_CONFIG: "", DIFY_DEMO_PACE_MS: "1" });

const { createFastLane } = await import("./lane");
const { fastLaneRoutes } = await import("./routes");
const { getSupabaseConnection, serverClientOptions } = await import("@/lib/supabase/connection");
const { closeDatabase, getDatabase } = await import("@/lib/db");
const { seedAppRegistry } = await import("@/features/ai-apps/server");
const { getAiProxy } = await import("@/features/ai-call/server");
const { demoRegistryApps } = await import("@/features/ai-apps/server/config");
const { CROSS_SITE_REFUSED_MESSAGE } = await import("@/features/security");
const { SESSION_HANDOFF_HEADER, sealSessionHandoff } = await import("@/features/auth/session-handoff");

const lane = createFastLane();
const PASSWORD = "secret-password-1";
const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };
let connection: Awaited<ReturnType<typeof getSupabaseConnection>>;
let admin: SupabaseClient;

async function signedIn(email: string): Promise<{ session: Session; cookie: string }> {
  const created = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (created.error) throw created.error;
  const client = createClient(connection.url, connection.anonKey, { ...serverClientOptions(connection), auth: noSession });
  const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return { session: data.session, cookie: await sessionCookieHeader(connection, data.session) };
}

function chat(headers: Record<string, string>): Request {
  return new Request(`${SITE}/api/ai/dify/chat-messages?appid=demo-chat`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ query: "你好", inputs: {}, response_mode: "streaming" }),
  });
}

beforeAll(async () => {
  connection = await getSupabaseConnection();
  admin = createClient(connection.url, connection.serviceRoleKey, { ...serverClientOptions(connection), auth: noSession });
  await seedAppRegistry(await getDatabase(), demoRegistryApps());
}, 180_000);
afterAll(async () => {
  await getAiProxy().idle();
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the fast lane answers the AI proxy as src/proxy.ts and the route do", () => {
  it("streams a signed-in browser's chat, with the site's security headers and an API's CSP", async () => {
    const { cookie } = await signedIn("lane-chat@example.com");
    const response = await lane.answer(chat({ cookie, origin: SITE, "sec-fetch-site": "same-origin" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(await response.text()).toContain('"event":"message_end"');
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("adds HSTS only when the visitor came over https (server.mjs writes X-Forwarded-Proto)", async () => {
    const response = await lane.answer(new Request(`${SITE}/api/ai/dify/parameters?appid=demo-chat`, { headers: { "x-forwarded-proto": "https" } }));
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });

  it("refuses another site's page posting with the visitor's cookie (CSRF), before any session or upstream work", async () => {
    const { cookie } = await signedIn("lane-csrf@example.com");
    const attempts: Array<Record<string, string>> = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site", origin: "http://sub.localhost:3000" }];
    for (const headers of attempts) {
      const response = await lane.answer(chat({ cookie, ...headers }));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ statusCode: 403, message: CROSS_SITE_REFUSED_MESSAGE });
      expect(response.headers.get("x-frame-options")).toBe("DENY");
    }
  });

  it("treats no cookie, a tampered token and another cookie's name as signed out", async () => {
    const { session } = await signedIn("lane-forger@example.com");
    const tampered = { ...session, access_token: `${session.access_token.slice(0, -2)}${session.access_token.endsWith("A") ? "B" : "A"}A` };
    const forgedCookie = `sb-sparkai-auth-token=base64-${Buffer.from(JSON.stringify(tampered)).toString("base64url")}`;
    for (const cookie of [undefined, forgedCookie, `other=${encodeURIComponent(session.access_token)}`]) {
      const response = await lane.answer(chat(cookie ? { cookie } : {}));
      expect(response.status).toBe(401);
      expect((await response.json()).statusCode).toBe(401);
    }
  });

  it("ignores a session hand-off header a client sends, even one sealed with this process's key", async () => {
    const { session } = await signedIn("lane-handoff@example.com");
    const sealed = sealSessionHandoff(decodeJwt(session.access_token), session.access_token)!;
    const response = await lane.answer(chat({ [SESSION_HANDOFF_HEADER]: sealed }));
    expect(response.status).toBe(401);
  });

  it("refreshes an expired session and sends the new cookies back with the answer", async () => {
    const { session } = await signedIn("lane-refresh@example.com");
    const expired = `sb-sparkai-auth-token=base64-${Buffer.from(JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60 })).toString("base64url")}`;
    const response = await lane.answer(new Request(`${SITE}/api/ai/dify/parameters?appid=demo-chat`, { headers: { cookie: expired } }));
    expect(response.status).toBe(200);
    const setCookies = response.headers.getSetCookie();
    expect(setCookies.some((value) => value.startsWith("sb-sparkai-auth-token="))).toBe(true);
    expect(setCookies.join("\n")).not.toContain(session.refresh_token);
  });
});

describe("the fast lane's other routes and failures", () => {
  it("answers the developer API and the embedded auth as their route handlers do", async () => {
    const models = await lane.answer(new Request(`${SITE}/v1/models`, { headers: { authorization: "Bearer sk-spark-forged" } }));
    expect(models.status).toBe(401);
    expect((await models.json()).error.type).toBeDefined();
    const user = await lane.answer(new Request(`${SITE}/auth/v1/user`, { headers: { apikey: connection.anonKey } }));
    expect(user.status).toBe(401);
    expect(user.headers.get("cache-control")).toBe("private, no-store, no-transform");
    expect(user.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("serves only what Next.js would route to the same handlers", () => {
    const serves = (method: string, pathname: string) => lane.serves(method, pathname);
    expect(serves("POST", "/api/ai/dify/chat-messages")).toBe(true);
    expect(serves("DELETE", "/api/ai/dify/conversations/abc")).toBe(true);
    expect(serves("PATCH", "/api/ai/dify/chat-messages")).toBe(false);
    expect(serves("POST", "/api/ai/dify/chat-messages/")).toBe(false); // Next.js redirects a trailing slash
    expect(serves("GET", "/api/ai/dify/")).toBe(false);
    expect(serves("GET", "/api/ai/dify//parameters")).toBe(false);
    expect(serves("GET", "/api/ai/dify/%E0%A4%A")).toBe(false); // not decodable: Next.js answers it
    expect(serves("GET", "/api/ai/difyx/parameters")).toBe(false);
    expect(serves("GET", "/v1/models")).toBe(true);
    expect(serves("POST", "/v1/models")).toBe(true); // answered with OpenAI's 405, as the route file does
    expect(serves("POST", "/v1/chat/completions")).toBe(true);
    expect(serves("POST", "/v1/embeddings")).toBe(false);
    expect(serves("GET", "/auth/v1/user")).toBe(true);
    expect(serves("GET", "/storage/v1/object/x")).toBe(false);
    expect(serves("GET", "/api/notes")).toBe(false);
  });

  it("answers a /v1 endpoint's wrong method with OpenAI's JSON 405 and Allow, as the route files do", async () => {
    const modelsRoute = await import("@/app/v1/models/route");
    const completionsRoute = await import("@/app/v1/chat/completions/route");
    const cases = [
      { method: "GET", path: "/v1/chat/completions", allow: "POST", route: completionsRoute.GET },
      { method: "DELETE", path: "/v1/chat/completions", allow: "POST", route: completionsRoute.DELETE },
      { method: "POST", path: "/v1/models", allow: "GET", route: modelsRoute.POST },
      { method: "PUT", path: "/v1/models", allow: "GET", route: modelsRoute.PUT },
    ];
    for (const { method, path, allow, route } of cases) {
      expect(lane.serves(method, path), `${method} ${path}`).toBe(true);
      const fromLane = await lane.answer(new Request(`${SITE}${path}`, { method }));
      const fromRoute = await route(new Request(`${SITE}${path}`, { method }));
      for (const response of [fromLane, fromRoute]) {
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get("allow")).toBe(allow);
        expect(await response.json()).toMatchObject({
          error: { type: "invalid_request_error", code: "method_not_allowed", param: null, message: expect.stringContaining(`不支持 ${method}`) },
        });
      }
    }
  });

  it("refuses a chat query holding NUL or a lone surrogate with a Chinese 400, not a database error", async () => {
    const { cookie } = await signedIn("lane-nul@example.com");
    for (const query of ["你好\u0000", "你好\uD800"]) {
      const request = new Request(`${SITE}/api/ai/dify/chat-messages?appid=demo-chat`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie, origin: SITE, "sec-fetch-site": "same-origin" },
        body: JSON.stringify({ query, inputs: {}, response_mode: "blocking" }),
      });
      const response = await lane.answer(request);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(await response.json()).toEqual({ statusCode: 400, message: expect.stringContaining("无法处理的字符") });
    }
  });

  it("answers a route's crash as {statusCode, message} JSON with the security headers", async () => {
    const crashing = createFastLane([
      {
        serves: () => true,
        answer: async () => {
          throw new Error("boom");
        },
      },
    ]);
    const response = await crashing.answer(new Request(`${SITE}/api/ai/dify/parameters`));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ statusCode: 500, message: "服务器内部错误，请稍后重试" });
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers 404 JSON for a Request whose own URL no route serves", async () => {
    const response = await createFastLane(fastLaneRoutes()).answer(new Request(`${SITE}/api/notes`));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ statusCode: 404, message: "接口不存在" });
  });
});
