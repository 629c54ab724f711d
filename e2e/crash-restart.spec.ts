import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { createConfirmedAccount, signInThroughApi, type TestAccount } from "./support/accounts";
import { startAppProcess, type AppProcess } from "./support/app-cluster";
import { findFreePort } from "./support/free-port";

/**
 * A single `npm start` on PGlite killed with SIGKILL mid-answer, then started again at once on the
 * same DATA_DIR: the data-directory lock is stale the moment its owner is gone (data-dir-lock.ts), so
 * the very first restart comes up — an mtime rule refused it for ~10 s and systemd gave up — and what
 * was written before the crash is still there.
 */
test.describe.configure({ timeout: 300_000 });

let dataDir = "";
let server: AppProcess | undefined;

test.afterEach(async () => {
  await server?.kill("SIGTERM");
  // PGlite's directory and its lock (`pglite.lock`) are both inside.
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Starts a chat and resolves once its first bytes arrived: the answer is streaming. */
async function streamingChat(origin: string, cookie: string): Promise<void> {
  const answer = await fetch(`${origin}/api/ai/dify/chat-messages?appid=demo-chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ query: "请写一篇 800 字的文章，介绍长城的历史", inputs: {}, response_mode: "streaming" }),
  });
  expect(answer.status).toBe(200);
  const reader = answer.body!.getReader();
  const first = await reader.read();
  expect(first.done).toBe(false);
  // The rest is cut off by the crash; a read left pending would be an unhandled rejection.
  void reader.read().catch(() => undefined);
}

test("a server killed with SIGKILL mid-stream comes up on the first restart, its accounts intact", async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "spark-crash-"));
  const port = Number(findFreePort());
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    DATA_DIR: dataDir,
    // PGlite: the data-directory lock is what this test is about.
    DATABASE_URL: "",
    SITE_URL: origin,
    DEV_OUTBOX: "on",
    AUTH_MIN_MAIL_INTERVAL: "0",
    // Slow enough that the answers are still streaming when the process is killed.
    DIFY_DEMO_PACE_MS: "60",
  };
  server = await startAppProcess(port, env);

  const context = await playwrightRequest.newContext({ baseURL: origin });
  let account: TestAccount;
  try {
    account = await createConfirmedAccount(context);
    await signInThroughApi(context, account);
    const { cookies } = await context.storageState();
    const cookie = cookies.map((entry) => `${entry.name}=${entry.value}`).join("; ");
    // Load: the free plan's two concurrent answers, both streaming (and writing) when the kill comes.
    await Promise.all([streamingChat(origin, cookie), streamingChat(origin, cookie)]);
  } finally {
    await context.dispose();
  }

  await server.kill("SIGKILL");
  // At once, same DATA_DIR and port: startAppProcess fails if the process exits (a refused lock).
  const startedAt = Date.now();
  server = await startAppProcess(port, env);
  expect((await fetch(`${origin}/api/health`)).status).toBe(200);
  test.info().annotations.push({ type: "restart", description: `${Date.now() - startedAt} ms` });

  const again = await playwrightRequest.newContext({ baseURL: origin });
  await signInThroughApi(again, account);
  await again.dispose();
});
