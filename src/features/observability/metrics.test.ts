import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { rmSync } from "node:fs";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../test/embedded-app-env";

// The metrics as an operator scrapes them after real traffic: server.mjs's pieces (the hardened
// server, the fast lane) on a throwaway embedded installation, a sign-in (and a wrong password)
// through /auth/v1, a streamed chat through the AI proxy, then /api/metrics and METRICS_PORT.
const TOKEN = "metrics-token-for-the-test-0123";
const dataDir = stubEmbeddedAppEnv("metrics", { DIFY_API_URL: "", AI_APPS_CONFIG: "", DIFY_DEMO_PACE_MS: "1", METRICS_TOKEN: TOKEN });

const { createHardenedServer } = await import("@/lib/net/hardened-server.mjs");
const { parseTrustedProxies } = await import("@/lib/net/client-address.mjs");
const { withFastLane } = await import("@/lib/net/fast-lane-server.mjs");
const { openFastLane, createFastLane } = await import("@/features/fast-lane/server");
const { getSupabaseConnection, serverClientOptions } = await import("@/lib/supabase/connection");
const { closeDatabase, getDatabase } = await import("@/lib/db");
const { seedAppRegistry } = await import("@/features/ai-apps/server");
const { demoRegistryApps } = await import("@/features/ai-apps/server/config");
const { getAiProxy } = await import("@/features/ai-call/server");
const { startObservability, metricsResponse } = await import("./server");
const { startMetricsPort } = await import("./metrics-endpoint");
const { sessionCookieHeader } = await import("../../../test/session-cookies");

const SITE = "http://localhost:3000";
const PASSWORD = "metrics-password-1";
let server: Server;
let metricsPort: Server;
let base: string;

const listening = (target: Server) => new Promise<void>((resolve) => (target.listening ? resolve() : target.once("listening", () => resolve())));
const scrape = async () => (await metricsResponse(new Request(`${SITE}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }))).text();

beforeAll(async () => {
  startObservability();
  const connection = await getSupabaseConnection();
  await seedAppRegistry(await getDatabase(), demoRegistryApps());
  const admin = createClient(connection.url, connection.serviceRoleKey, { ...serverClientOptions(connection), auth: { persistSession: false, autoRefreshToken: false } });
  const created = await admin.auth.admin.createUser({ email: "metrics@example.com", password: PASSWORD, email_confirm: true });
  if (created.error) throw created.error;
  openFastLane(createFastLane());
  server = createHardenedServer({ handler: withFastLane((_req, res) => res.writeHead(404).end()), trust: parseTrustedProxies("") });
  server.listen(0, "127.0.0.1");
  await listening(server);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  metricsPort = startMetricsPort(0, { token: TOKEN, hostname: "127.0.0.1" });
  await listening(metricsPort);

  const signIn = (password: string) =>
    fetch(`${base}/auth/v1/token?grant_type=password`, { method: "POST", headers: { apikey: connection.anonKey, "content-type": "application/json" }, body: JSON.stringify({ email: "metrics@example.com", password }) });
  expect((await signIn("wrong-password-1")).status).toBe(400);
  const signedIn = await signIn(PASSWORD);
  expect(signedIn.status).toBe(200);
  const cookie = await sessionCookieHeader(connection, await signedIn.json());
  const chat = await fetch(`${base}/api/ai/dify/chat-messages?appid=demo-chat`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin: SITE, "sec-fetch-site": "same-origin" },
    body: JSON.stringify({ query: "你好", inputs: {}, response_mode: "streaming" }),
  });
  expect(chat.status).toBe(200);
  expect(await chat.text()).toContain("message_end");
  await getAiProxy().idle();
}, 180_000);

afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  metricsPort?.close();
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the Prometheus metrics", () => {
  it("refuse a scrape without the token, or with a wrong one", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-wrong-token", `Basic ${TOKEN}`, TOKEN]) {
      const response = await metricsResponse(new Request(`${SITE}/api/metrics`, { headers: authorization ? { authorization } : {} }));
      expect(response.status).toBe(401);
      expect(await response.text()).not.toContain("spark_");
    }
    const port = `http://127.0.0.1:${(metricsPort.address() as AddressInfo).port}/metrics`;
    expect((await fetch(port)).status).toBe(401);
    const scraped = await fetch(port, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain("spark_http_requests_total");
  });

  it("do not exist without a configured token (404)", async () => {
    const response = await metricsResponse(new Request(`${SITE}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }), { token: undefined });
    expect(response.status).toBe(404);
  });

  it("count the traffic at the places that own it", async () => {
    // The HTTP count is taken when the socket's answer closes, just after the client read it.
    await expect.poll(scrape).toMatch(/spark_http_requests_total\{route_group="ai_proxy",method="POST",status="200"\} 1/);
    const text = await scrape();
    expect(text).toMatch(/spark_http_requests_total\{route_group="auth_service",method="POST",status="400"\} 1/);
    expect(text).toMatch(/spark_http_request_duration_seconds_count\{route_group="ai_proxy",status="200"\} 1/);
    expect(text).toMatch(/spark_ai_calls_total\{app="demo-chat",model="dify",outcome="ok"\} 1/);
    expect(text).toMatch(/spark_ai_first_event_seconds_count\{app="demo-chat",model="dify"\} 1/);
    expect(text).toMatch(/spark_ai_call_duration_seconds_count\{app="demo-chat",model="dify",outcome="ok"\} 1/);
    expect(text).toMatch(/spark_ai_tokens_total\{app="demo-chat",kind="total"\} [1-9]/);
    expect(text).toMatch(/spark_ai_active_streams 0/);
    expect(text).toMatch(/spark_auth_sign_ins_total\{method="password"\} 1/);
    expect(text).toMatch(/spark_auth_sign_in_failures_total\{code="invalid_credentials"\} 1/);
    expect(text).toMatch(/spark_db_query_duration_seconds_count\{driver="pglite",outcome="ok"\} [1-9]/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    expect(text).toMatch(/process_resident_memory_bytes \d/);
    for (const family of ["spark_ai_upstream_errors_total", "spark_quota_refusals_total", "spark_payments_total", "spark_auth_rate_limited_total", "spark_sms_total", "spark_db_pool_connections"]) {
      expect(text).toContain(`# TYPE ${family}`);
    }
  });
});
