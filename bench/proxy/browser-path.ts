import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { processCpuMs } from "../lib/process-cpu";
import { startProductionServer, type RunningServer } from "../lib/production-server";

const PASSWORD = "Spark-bench-2026";
/** The free plan admits two AI calls per user at once: each simulated browser is its own account. */
const CHATS_PER_USER = 2;

type Chat = (index: number, signal: AbortSignal) => Promise<Response>;

async function postJson(url: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body), redirect: "manual" });
}

/** A confirmed account signed in the way a browser is (sign-up, the mail's link, sign-in): its cookie header. */
async function signedInCookie(baseUrl: string, index: number): Promise<string> {
  const email = `bench-proxy-${Date.now()}-${index}@example.com`;
  const signUp = await postJson(`${baseUrl}/api/auth/signup`, { type: "email", email, password: PASSWORD });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const outbox = (await (await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { messages: Array<{ link: string | null }> };
  const link = new URL(outbox.messages[0]?.link ?? "");
  await fetch(`${baseUrl}${link.pathname}${link.search}`, { redirect: "manual" });
  const signIn = await postJson(`${baseUrl}/api/auth/signin`, { email, password: PASSWORD });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  return signIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** A personal API key of the signed-in account, made as the dashboard makes it (POST /api/keys). */
async function apiKeyFor(baseUrl: string, cookie: string): Promise<string> {
  const response = await postJson(`${baseUrl}/api/keys`, { name: "基准测试" }, cookie);
  if (!response.ok) throw new Error(`API key creation failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { secret: string }).secret;
}

export type BrowserPath = {
  server: RunningServer;
  /** The chat page's call: POST /api/ai/dify/chat-messages with the account's cookie. */
  chat: Chat;
  /** The same question through the developer API: POST /v1/chat/completions with the account's API key. */
  apiChat: Chat;
  serverCpuMs: () => number;
};

/** The app a browser path chats with: its registry entry (`DIFY_APPS` form) and the chat body. */
export interface BenchApp {
  entry: { appid: string } & Record<string, unknown>;
  body: (index: number) => Record<string, unknown>;
}

/**
 * The path a browser's chat takes: `npm start` (server.mjs, the proxy with its session check, the
 * route handler, the quota reservation; PGlite, or PostgreSQL at `databaseUrl`), a signed-in cookie
 * per simulated user, POST /api/ai/dify/chat-messages — to `app` (a Dify app or a model app).
 */
export async function startBrowserPath(app: BenchApp, maxConcurrentChats: number, databaseUrl?: string): Promise<BrowserPath> {
  // A site runs on a data directory made by an earlier start: the first start's initdb leaves ≈ 300 MB
  // of PGlite's WebAssembly memory to V8's next full collection, which would make the memory figure chance.
  const dataDir = mkdtempSync(path.join(tmpdir(), "spark-bench-"));
  if (!databaseUrl) await (await startProductionServer({ DATA_DIR: dataDir })).stop();
  const server = await startProductionServer({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DEV_OUTBOX: "on",
    AUTH_MIN_MAIL_INTERVAL: "0",
    AUTH_RATE_LIMIT_SIGN_IN: "100000/60",
    AUTH_RATE_LIMIT_SIGN_UP: "100000/60",
    AUTH_RATE_LIMIT_VERIFY: "100000/60",
    API_KEY_RATE_LIMIT: "100000/60",
    FREE_PLAN_MONTHLY_TOKENS: "1000000000",
    DIFY_APPS: JSON.stringify([app.entry]),
    // Production keeps no upstream key of a configured app without it (it is stored encrypted).
    APP_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
  });
  const cookies: string[] = [];
  const keys: string[] = [];
  try {
    // One after another: the auth service bounds concurrent password checks.
    for (let user = 0; user < Math.ceil(maxConcurrentChats / CHATS_PER_USER); user += 1) {
      cookies.push(await signedInCookie(server.baseUrl, user));
      keys.push(await apiKeyFor(server.baseUrl, cookies[user]!));
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
  const chat: Chat = (index, signal) =>
    fetch(`${server.baseUrl}/api/ai/dify/chat-messages?appid=${app.entry.appid}`, {
      method: "POST",
      signal,
      headers: { "content-type": "application/json", cookie: cookies[Math.floor(index / CHATS_PER_USER) % cookies.length]! },
      body: JSON.stringify(app.body(index)),
    });
  const apiChat: Chat = (index, signal) =>
    fetch(`${server.baseUrl}/v1/chat/completions`, {
      method: "POST",
      signal,
      headers: { "content-type": "application/json", authorization: `Bearer ${keys[Math.floor(index / CHATS_PER_USER) % keys.length]!}` },
      body: JSON.stringify({ model: app.entry.appid, stream: true, messages: [{ role: "user", content: String(app.body(index).query) }] }),
    });
  return { server, chat, apiChat, serverCpuMs: () => processCpuMs(server.pid) };
}
