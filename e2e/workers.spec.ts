import http from "node:http";
import { expect, test } from "@playwright/test";
import { startAppCluster, type AppCluster } from "./support/app-cluster";

/**
 * Issue 32, item 4: one `npm start` on PostgreSQL with WEB_CONCURRENCY=2 (docs/deployment.md,
 * "Workers"): both workers serve the real build on the one port, a worker killed is replaced, SIGTERM
 * drains them and the primary exits 0. The pieces without a build: src/lib/net/server-workers.test.ts.
 * Skipped where no PostgreSQL server can run.
 */
test.describe.configure({ mode: "serial", timeout: 240_000 });

let cluster: AppCluster;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const started = await startAppCluster(1, { WEB_CONCURRENCY: "2" });
  test.skip("skipped" in started, "skipped" in started ? `没有可用的 PostgreSQL：${started.skipped}` : "");
  cluster = started as AppCluster;
});

test.afterAll(async () => {
  await cluster?.stop();
});

/** A new connection per request: node:cluster hands connections, not requests, to the workers. */
function liveness(origin: string): Promise<{ pid: number; worker: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}/api/health/live`, { agent: false }, (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve(JSON.parse(text) as { pid: number; worker: number }));
      })
      .on("error", reject);
  });
}

test("both workers serve the build on the one port", async ({ request }) => {
  const origin = cluster.processes[0]!.url;
  const workers = new Map<number, number>();
  await expect
    .poll(async () => {
      const { pid, worker } = await liveness(origin);
      workers.set(pid, worker);
      return [...workers.values()].sort();
    }, { timeout: 60_000 })
    .toEqual([1, 2]);
  for (let i = 0; i < 4; i += 1) {
    expect((await request.get(`${origin}/pricing`)).status()).toBe(200);
    expect((await request.get(`${origin}/api/health/ready`)).status()).toBe(200);
  }
});

test("a worker that dies is replaced in its slot", async () => {
  const origin = cluster.processes[0]!.url;
  const victim = await liveness(origin);
  process.kill(victim.pid, "SIGKILL");
  await expect
    .poll(async () => {
      const answer = await liveness(origin).catch(() => undefined);
      return answer?.worker === victim.worker && answer.pid !== victim.pid;
    }, { timeout: 120_000 })
    .toBe(true);
});

test("SIGTERM drains every worker and the primary exits 0", async () => {
  expect(await cluster.processes[0]!.kill("SIGTERM")).toBe(0);
  await expect(liveness(cluster.processes[0]!.url)).rejects.toThrow();
});
