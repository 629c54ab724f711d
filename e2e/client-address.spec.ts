import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * Issue 12, finding 1, against the real production build: sign-ins that each carry a new
 * X-Forwarded-For (and a new e-mail, so only the per-IP limit can stop them) still hit the per-IP
 * sign-in limit through `npm start` (server.mjs); behind a TRUSTED_PROXIES proxy its entry counts;
 * and `next start` on its own refuses to serve. The suite's main server has limits sized for
 * thousands of requests, so each case starts its own server from the same build with a limit of 3.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

const running: ChildProcess[] = [];
test.afterEach(() => {
  for (const child of running.splice(0)) child.kill("SIGTERM");
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function appEnv(baseUrl: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "spark-client-address-")),
    DATABASE_URL: "",
    SUPABASE_URL: "",
    SITE_URL: baseUrl,
    AUTH_RATE_LIMIT_SIGN_IN: "3/300",
    NEXT_TELEMETRY_DISABLED: "1",
    ...extra,
  };
}

async function startApp(extra: Record<string, string>): Promise<{ baseUrl: string; anonKey: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.mjs", "--port", String(port), "--hostname", "127.0.0.1"], {
    env: appEnv(baseUrl, extra),
    stdio: "ignore",
  });
  running.push(child);
  await expect
    .poll(async () => (await fetch(`${baseUrl}/api/health`).catch(() => undefined))?.status, { timeout: 120_000 })
    .toBe(200);
  const config = (await (await fetch(`${baseUrl}/api/auth/config`)).json()) as { anonKey: string };
  return { baseUrl, anonKey: config.anonKey };
}

async function signIn(app: { baseUrl: string; anonKey: string }, forwardedFor: string): Promise<number> {
  const response = await fetch(`${app.baseUrl}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: app.anonKey, "Content-Type": "application/json", "X-Forwarded-For": forwardedFor },
    body: JSON.stringify({ email: `nobody-${crypto.randomUUID()}@example.com`, password: "wrong-password" }),
  });
  await response.body?.cancel();
  return response.status;
}

test("a new X-Forwarded-For on every sign-in does not reset the per-IP limit", async () => {
  const app = await startApp({ TRUSTED_PROXIES: "" });
  const statuses: number[] = [];
  for (let i = 1; i <= 4; i++) statuses.push(await signIn(app, `198.51.100.${i}`));
  expect(statuses.slice(0, 3)).not.toContain(429);
  expect(statuses[3]).toBe(429);
});

test("behind a trusted proxy, the entry the proxy wrote is the visitor", async () => {
  const app = await startApp({ TRUSTED_PROXIES: "127.0.0.1/32" });
  // The proxy appends the peer it saw; whatever the client put before it is ignored.
  for (let i = 1; i <= 3; i++) expect(await signIn(app, `6.6.6.${i}, 203.0.113.1`)).not.toBe(429);
  expect(await signIn(app, "6.6.6.9, 203.0.113.1")).toBe(429);
  expect(await signIn(app, "6.6.6.9, 203.0.113.2")).not.toBe(429);
  // The proxy's word on the scheme counts too: HSTS only when it says the visitor used https.
  const overHttps = await fetch(`${app.baseUrl}/`, { headers: { "X-Forwarded-Proto": "https" } });
  expect(overHttps.headers.get("strict-transport-security")).toMatch(/^max-age=\d{7,}/);
  const overHttp = await fetch(`${app.baseUrl}/`, { headers: { "X-Forwarded-Proto": "http" } });
  expect(overHttp.headers.get("strict-transport-security")).toBeNull();
  await Promise.all([overHttps.body?.cancel(), overHttp.body?.cancel()]);
});

test("`next start` on its own refuses to serve the production build", async () => {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join("node_modules", "next", "dist", "bin", "next"), "start", "--port", String(port), "--hostname", "127.0.0.1"], {
    env: appEnv(`http://127.0.0.1:${port}`, {}),
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.push(child);
  let output = "";
  child.stdout!.on("data", (data) => (output += data));
  child.stderr!.on("data", (data) => (output += data));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  // Start-up checks run when Next.js loads instrumentation; a request makes sure it has.
  let done = false;
  void exited.then(() => (done = true));
  while (!done) {
    await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const exitCode = await exited;
  expect(exitCode).toBe(1);
  expect(output).toContain("npm start");
});
