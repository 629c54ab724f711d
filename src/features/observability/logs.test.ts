import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { stubEmbeddedAppEnv } from "../../../test/embedded-app-env";

// The server's logs through a real run of server.mjs's pieces (the hardened server, the fast lane,
// the embedded auth, the AI proxy): every line the process writes — the JSON logger's and anything
// still printed with console.* or straight to stdout / stderr — is captured and searched for what
// must never be logged: a password, a session's tokens, a one-time code, a chat message.
const dataDir = stubEmbeddedAppEnv("logs", { DIFY_API_URL: "", AI_APPS_CONFIG: "", DIFY_DEMO_PACE_MS: "1", DEV_OUTBOX: "on" });

const { createHardenedServer } = await import("@/lib/net/hardened-server.mjs");
const { parseTrustedProxies } = await import("@/lib/net/client-address.mjs");
const { withFastLane } = await import("@/lib/net/fast-lane-server.mjs");
const { createLogger, logger, replaceLogger } = await import("@/lib/log/logger.mjs");
const { runInRequestContext } = await import("@/lib/net/request-context.mjs");
const { openFastLane, createFastLane } = await import("@/features/fast-lane/server");
const { getSupabaseConnection, serverClientOptions } = await import("@/lib/supabase/connection");
const { closeDatabase, getDatabase, outboxMessages } = await import("@/lib/db");
const { seedAppRegistry } = await import("@/features/ai-apps/server");
const { demoRegistryApps } = await import("@/features/ai-apps/server/config");
const { getAiProxy } = await import("@/features/ai-call/server");
const { sessionCookieHeader } = await import("../../../test/session-cookies");

const SITE = "http://localhost:3000";
const EMAIL = "logs@example.com";
const PASSWORD = "Log-Password-7f3a91";
const CHAT_MESSAGE = "请记住我的秘密：紫色大象 8841";
const lines: string[] = [];
const secrets: Record<string, string> = { password: PASSWORD, "chat message": CHAT_MESSAGE };
let server: Server;
let base: string;
const requestIds: string[] = [];

function captureEverything() {
  replaceLogger(createLogger({ write: (line: string) => void lines.push(line) }, "trace"));
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map((arg) => (arg instanceof Error ? `${arg.message} ${arg.stack}` : typeof arg === "string" ? arg : JSON.stringify(arg))).join(" ")));
  }
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    vi.spyOn(stream, "write").mockImplementation(((chunk: string | Uint8Array, ...rest: never[]) => {
      lines.push(String(chunk));
      return write(chunk, ...rest);
    }) as typeof stream.write);
  }
}

const previousLogger = logger();

beforeAll(async () => {
  captureEverything();
  const connection = await getSupabaseConnection();
  const db = await getDatabase();
  await seedAppRegistry(db, demoRegistryApps());
  const admin = createClient(connection.url, connection.serviceRoleKey, { ...serverClientOptions(connection), auth: { persistSession: false, autoRefreshToken: false } });
  const created = await admin.auth.admin.createUser({ email: EMAIL, password: PASSWORD, email_confirm: true });
  if (created.error) throw created.error;
  openFastLane(createFastLane());
  server = createHardenedServer({ handler: withFastLane((_req, res) => res.writeHead(404).end()), trust: parseTrustedProxies("") });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const auth = (path: string, body: unknown) =>
    fetch(`${base}/auth/v1/${path}`, { method: "POST", headers: { apikey: connection.anonKey, "content-type": "application/json", "x-request-id": "client-chosen-id-1234" }, body: JSON.stringify(body) });

  // A wrong password, then the right one.
  expect((await auth("token?grant_type=password", { email: EMAIL, password: `${PASSWORD}x` })).status).toBe(400);
  const signedIn = await auth("token?grant_type=password", { email: EMAIL, password: PASSWORD });
  expect(signedIn.status).toBe(200);
  requestIds.push(signedIn.headers.get("x-request-id") ?? "");
  const session = await signedIn.json();
  secrets["access token"] = session.access_token;
  secrets["refresh token"] = session.refresh_token;

  // A one-time code by mail (the dev outbox keeps it), used to sign in.
  expect((await auth("otp", { email: EMAIL, create_user: false })).status).toBe(200);
  const [mail] = await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, EMAIL));
  expect(mail?.code).toMatch(/^\d{6}$/);
  secrets["one-time code"] = mail!.code!;
  expect((await auth("verify", { type: "email", email: EMAIL, token: mail!.code })).status).toBe(200);

  // A chat, streamed through the AI proxy, and a refresh of the session.
  const cookie = await sessionCookieHeader(connection, session);
  const chat = await fetch(`${base}/api/ai/dify/chat-messages?appid=demo-chat`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin: SITE, "sec-fetch-site": "same-origin" },
    body: JSON.stringify({ query: CHAT_MESSAGE, inputs: {}, response_mode: "streaming" }),
  });
  expect(await chat.text()).toContain("message_end");
  requestIds.push(chat.headers.get("x-request-id") ?? "");
  await getAiProxy().idle();
  // And a careless call site logging a whole request: the logger's redaction catches it.
  runInRequestContext({ requestId: "careless-0001" }, () =>
    logger().error({ body: { password: PASSWORD, query: CHAT_MESSAGE }, headers: { authorization: `Bearer ${session.access_token}`, cookie } }, "whole request logged by mistake"),
  );
}, 180_000);

afterAll(async () => {
  vi.restoreAllMocks();
  replaceLogger(previousLogger);
  server?.closeAllConnections();
  server?.close();
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the server's logs", () => {
  it("were written (JSON lines with the request's id)", () => {
    const json = lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(json.length).toBeGreaterThan(3);
    expect(json.some((line) => line.requestId === "careless-0001" && line.level === "error")).toBe(true);
    for (const id of requestIds) expect(json.some((line) => line.requestId === id && line.msg === "request")).toBe(true);
  });

  it("hold no password, session token, one-time code or chat message", () => {
    const everything = lines.join("\n");
    for (const [what, secret] of Object.entries(secrets)) {
      expect(secret.length, what).toBeGreaterThan(5);
      expect(everything.includes(secret), `the logs contain the ${what}`).toBe(false);
    }
  });

  it("give every answer its request id, ignoring one the client chose (no trusted proxy)", () => {
    for (const id of requestIds) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.join("\n")).not.toContain("client-chosen-id-1234");
  });
});
