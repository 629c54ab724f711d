import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { aiUsageEvents, openDatabase } from "@/lib/db";

// SIGTERM on a real app process (test/fixtures/draining-server.ts: server.mjs's pieces and its
// shutdown sequence, without a Next.js build): a chat answer still streaming after the drain time
// (1 s here) ends with a clean SSE error in Chinese, what it generated is billed, the process exits 0 —
// also when the signal comes twice, as it does under `npm start` (npm forwards it) with systemd.
const dataDir = mkdtempSync(path.join(tmpdir(), "spark-drain-"));
let child: ChildProcess | undefined;
afterAll(() => {
  if (child?.exitCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a graceful restart", () => {
  it("stops accepting, ends a long answer cleanly after the drain time, bills it and exits 0", async () => {
    child = spawn(process.execPath, ["--require", "./test/fixtures/server-only-preload.cjs", "--import", "tsx", "test/fixtures/draining-server.ts"], {
      env: { ...process.env, DATA_DIR: dataDir, SITE_URL: "http://localhost:3000", SUPABASE_URL: "", DATABASE_URL: "", DIFY_API_URL: "", AI_APPS_CONFIG: "", DIFY_DEMO_PACE_MS: "300", SHUTDOWN_DRAIN_SECONDS: "1", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise<number | null>((resolve) => child!.once("exit", resolve));
    let started: { port: number; cookie: string } | undefined;
    for await (const line of createInterface({ input: child.stdout! })) {
      if (line.startsWith("{")) {
        started = JSON.parse(line) as { port: number; cookie: string };
        break;
      }
    }
    expect(started).toBeDefined();
    const base = `http://127.0.0.1:${started!.port}`;
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);

    const chat = await fetch(`${base}/api/ai/dify/chat-messages?appid=demo-chat`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: started!.cookie, origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ query: "请写一段很长的介绍", inputs: {}, response_mode: "streaming" }),
    });
    expect(chat.status).toBe(200);
    const reader = chat.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value, { stream: true });
    child.kill("SIGTERM");
    // The copy npm forwards (systemd signals the whole unit): it must not cut the drain short.
    await new Promise((resolve) => setTimeout(resolve, 100));
    child.kill("SIGTERM");
    // Stopped accepting: a new connection is refused while the answer still streams (the drain is 1 s).
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(fetch(`${base}/api/health/ready`)).rejects.toThrow();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(await exited).toBe(0);

    expect(text).toContain('"event":"message"');
    expect(text).not.toContain('"event":"message_end"');
    expect(text.trimEnd().split("\n\n").at(-1)).toContain('"code":"server_restarting"');
    expect(text).toContain("服务正在重启");

    const handle = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    try {
      const rows = await handle.db.select().from(aiUsageEvents);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ appid: "demo-chat", estimated: true });
      expect(rows[0]!.completionTokens).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
