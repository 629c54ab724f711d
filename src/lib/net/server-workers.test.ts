import { spawn, type ChildProcess } from "node:child_process";
import { get } from "node:http";
import { createServer } from "node:net";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/database-targets";

// `npm start` with WEB_CONCURRENCY=2 on a fresh PostgreSQL database (test/fixtures/cluster-server.ts:
// server.mjs's primary, its workers serving without a Next.js build): both workers migrate at once and
// answer on the one port, METRICS_PORT sums them, a killed worker is replaced, SIGTERM drains them all
// and the primary exits 0.

type Line = { msg?: string; pid?: number; worker?: number; ownOrigin?: string };

/**
 * A new connection per request (no keep-alive): node:cluster hands connections, not requests, out.
 * Given up after `timeoutMs` of silence: a connection the primary hands to a worker at the instant it is
 * killed is never answered nor closed (Node's round-robin handle waits for the dead worker's ack), and
 * a probe waiting on it forever would hang its test instead of trying again.
 */
function getText(url: string, timeoutMs = 5_000): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false, timeout: timeoutMs }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    request.on("timeout", () => request.destroy(new Error(`no answer within ${timeoutMs} ms: ${url}`)));
    request.on("error", reject);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let primary: ChildProcess | undefined;

async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (primary?.exitCode !== null && primary?.exitCode !== undefined) throw new Error(`主进程已退出（${primary.exitCode}）：${what}`);
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`等待超时：${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const liveness = async (base: string) => JSON.parse((await getText(`${base}/api/health/live`)).text) as { pid: number; worker: number };

/** test/fixtures/cluster-server.ts as `npm start` would run it, with its JSON log lines collected. */
function startFixture(env: Record<string, string>, lines: Line[]): ChildProcess {
  const child = spawn(process.execPath, ["--require", "./test/fixtures/server-only-preload.cjs", "--import", "tsx", "test/fixtures/cluster-server.ts"], {
    env: { ...process.env, SITE_URL: "http://localhost:3000", SUPABASE_URL: "", DIFY_API_URL: "", AI_APPS_CONFIG: "", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  createInterface({ input: child.stdout! }).on("line", (line) => {
    if (line.startsWith("{")) lines.push(JSON.parse(line) as Line);
  });
  return child;
}

describe("npm start whose workers cannot start", () => {
  it("does not retry a broken setup forever: the primary exits 1, as one process would", async () => {
    const lines: Line[] = [];
    const child = startFixture({ DATABASE_URL: "postgres://127.0.0.1:1/unused", WEB_CONCURRENCY: "2", PORT: "0", CLUSTER_FIXTURE_FAIL_START: "1" }, lines);
    onTestFinished(() => void child.kill("SIGKILL"));
    // "close": after the last line of its output was read.
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    expect(code).toBe(1);
    expect(lines.some((line) => line.msg?.includes("启动失败"))).toBe(true);
    expect(lines.some((line) => line.msg?.includes("意外退出"))).toBe(false);
  }, 30_000);
});

describe.skipIf(!inject("postgresUrl"))("npm start with several workers", () => {
  let database: TestDatabase;
  let exited: Promise<number | null>;
  const lines: Line[] = [];
  let base = "";
  let metricsUrl = "";

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    const [port, metricsPort] = [await freePort(), await freePort()];
    base = `http://127.0.0.1:${port}`;
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    primary = startFixture(
      {
        DATABASE_URL: database.target.kind === "postgres" ? database.target.url : "",
        WEB_CONCURRENCY: "2",
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        SHUTDOWN_DRAIN_SECONDS: "5",
      },
      lines,
    );
    exited = new Promise((resolve) => primary!.once("exit", resolve));
  }, 30_000);

  afterAll(async () => {
    if (primary?.exitCode === null) primary.kill("SIGKILL");
    await database?.dispose();
  });

  it("starts two workers that migrate together and answer on the one port, each with its pid and slot", async () => {
    const workers = new Map<number, number>();
    await until(async () => {
      const { pid, worker } = await liveness(base);
      workers.set(pid, worker);
      return workers.size === 2 ? true : undefined;
    }, "两个工作进程都应答");
    expect([...workers.values()].sort()).toEqual([1, 2]);
    expect(workers.has(primary!.pid!)).toBe(false);
    expect((await getText(`${base}/api/health/ready`)).status).toBe(200);

    // Both started on an empty database at once: every migration is recorded exactly once.
    const journal = JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: unknown[] };
    const client = new pg.Client({ connectionString: database.target.kind === "postgres" ? database.target.url : "" });
    await client.connect();
    try {
      const { rows } = await client.query<{ hash: string }>("select hash from drizzle.__drizzle_migrations");
      expect(rows).toHaveLength(journal.entries.length);
    } finally {
      await client.end();
    }
    // The workers' log lines carry their slot.
    const listening = lines.filter((line) => line.msg === "listening");
    expect(listening.map((line) => line.worker).sort()).toEqual([1, 2]);
    // A worker's requests to itself (the listings' revalidation) reach it, not the next worker in turn.
    for (const { pid, ownOrigin } of listening) {
      for (let i = 0; i < 3; i += 1) expect((await liveness(ownOrigin!)).pid).toBe(pid);
    }
  }, 90_000);

  it("serves one METRICS_PORT for all workers, summing their counts", async () => {
    const counted = async () => {
      const { status, text } = await getText(metricsUrl);
      expect(status).toBe(200);
      const match = /^spark_http_requests_total\{route_group="pages",method="GET",status="404"\} (\d+)$/m.exec(text);
      return Number(match?.[1] ?? 0);
    };
    const before = await counted();
    // One connection each, handed out in turn (node:cluster's round robin): 5 per worker, so one
    // worker's registry alone would show 5.
    for (let i = 0; i < 10; i += 1) expect((await getText(`${base}/counted`)).status).toBe(404);
    expect((await counted()) - before).toBe(10);
  }, 30_000);

  it("replaces a worker that dies, in the same slot, and logs it", async () => {
    const victim = await liveness(base);
    process.kill(victim.pid, "SIGKILL");
    const replacement = await until(async () => {
      const answer = await liveness(base);
      return answer.worker === victim.worker && answer.pid !== victim.pid ? answer : undefined;
    }, "替补的工作进程应答");
    expect(replacement.pid).not.toBe(victim.pid);
    expect(lines.some((line) => line.pid === primary!.pid && line.worker === victim.worker && line.msg?.includes("意外退出"))).toBe(true);
  }, 60_000);

  it("on SIGTERM lets every worker finish what it serves, then the primary exits 0", async () => {
    const slow = getText(`${base}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    primary!.kill("SIGTERM");
    expect((await slow).status).toBe(200);
    expect(await exited).toBe(0);
    expect(lines.filter((line) => line.msg === "已安全退出").map((line) => line.worker).sort()).toEqual([1, 2]);
    await expect(getText(`${base}/api/health/live`)).rejects.toThrow();
  }, 60_000);
});
