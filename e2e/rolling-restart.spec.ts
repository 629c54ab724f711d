import { expect, request as playwrightRequest, test } from "@playwright/test";
import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { startAppCluster, type AppCluster, type AppProcess } from "./support/app-cluster";
import { chatOutcome, startChat, startChatTraffic, type ChatRecord } from "./support/chat-traffic";

/**
 * Issue 34, item 4: a rolling restart of three `npm start` processes on one PostgreSQL behind a
 * balancer that routes only to ready processes and resends refused connections (nginx's
 * `proxy_next_upstream error`; docs/deployment.md "Rolling restarts"). Under steady chat traffic from
 * signed-in users, each process in turn gets SIGTERM (twice, as under systemd + npm), must exit 0, and
 * is started again on its port; the next waits until it is ready. No chat that started may be lost: each finishes, or — still
 * running when the drain limit ran out — ends with the Chinese SSE `error`. Prints the figures.
 */
test.describe.configure({ timeout: 300_000 });

const USERS = 6;
const DRAIN_SECONDS = 2;
let cluster: AppCluster;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const started = await startAppCluster(
    3,
    {
      DEV_OUTBOX: "on",
      SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
      // A long answer (1000 字, ~85 events) takes ~3.5 s: one that starts just before SIGTERM outlives the drain.
      DIFY_DEMO_PACE_MS: "40",
    },
    { readinessPath: "/api/health/ready", checkIntervalMs: 250 },
  );
  test.skip("skipped" in started, "skipped" in started ? `没有可用的 PostgreSQL：${started.skipped}` : "");
  cluster = started as AppCluster;
});

test.afterAll(async () => {
  await cluster?.stop();
});

async function signedInCookie(): Promise<string> {
  const context = await playwrightRequest.newContext({ baseURL: cluster.url });
  await signInThroughApi(context, await createConfirmedAccount(context));
  const { cookies } = await context.storageState();
  await context.dispose();
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

interface Restart {
  backend: number;
  termAt: number;
  exitCode: number | null;
  drainMs: number;
  readyAfterMs: number;
  /** How the short answer asked of this process directly, just before SIGTERM, ended. */
  shortAnswer: ChatRecord["outcome"];
}

test("a rolling restart of three processes under chat traffic loses no request", async () => {
  await expect.poll(() => cluster.balancer.readyBackends(), { timeout: 30_000 }).toEqual([0, 1, 2]);
  const cookies = [];
  for (let i = 0; i < USERS; i++) cookies.push(await signedInCookie());
  // One more user, who asks each process a short question of their own right before it is stopped.
  const probeCookie = await signedInCookie();
  const traffic = startChatTraffic(cluster.url, cookies, { longEvery: 3 });
  const processes: AppProcess[] = [...cluster.processes];
  const restarts: Restart[] = [];
  const inFlight = (record: ChatRecord) => record.outcome === undefined;

  for (const [backend, running] of processes.entries()) {
    // A long answer that began on this process moments ago: it cannot finish within the drain limit.
    await expect
      .poll(() => traffic.records.some((record) => inFlight(record) && record.long && record.backend === backend && Date.now() - record.startedAt < 600), {
        timeout: 30_000,
        intervals: [50],
      })
      .toBe(true);
    // Running when SIGTERM comes (its headers are in) and short: it must finish while the process drains.
    const shortAnswer = await startChat(`http://127.0.0.1:${running.port}`, probeCookie, false);
    const shortOutcome = chatOutcome(shortAnswer);
    const termAt = Date.now();
    const exited = running.kill("SIGTERM");
    // Twice, as systemd delivers it to `npm start`: npm forwards the signal the unit's processes all got.
    await new Promise((resolve) => setTimeout(resolve, 100));
    void running.kill("SIGTERM");
    const exitCode = await exited;
    const drainMs = Date.now() - termAt;
    const restarted = await cluster.startProcess({}, running.port);
    await expect.poll(() => cluster.balancer.readyBackends(), { timeout: 30_000, intervals: [100] }).toContain(backend);
    processes[backend] = restarted;
    restarts.push({ backend, termAt, exitCode, drainMs, readyAfterMs: Date.now() - termAt - drainMs, shortAnswer: (await shortOutcome).outcome });
    // A little traffic on the whole cluster again before the next one goes.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  await traffic.stop();

  const records = traffic.records;
  const count = (outcome: ChatRecord["outcome"]) => records.filter((record) => record.outcome === outcome).length;
  const drainedOn = (record: ChatRecord) => restarts.find((restart) => restart.backend === record.backend && record.startedAt < restart.termAt && record.endedAt! > restart.termAt);
  const figures = {
    started: records.length,
    finished: count("finished"),
    finishedWhileDraining: records.filter((record) => record.outcome === "finished" && drainedOn(record)).length,
    endedCleanlyAfterDrainLimit: count("restarting"),
    lost: count("lost"),
    refusedConnectionsResent: cluster.balancer.retries(),
    restarts: restarts.map(({ backend, exitCode, drainMs, readyAfterMs, shortAnswer }) => ({ backend, exitCode, drainMs, readyAfterMs, shortAnswer })),
  };
  console.log(`滚动重启（3 个进程，PostgreSQL，排空上限 ${DRAIN_SECONDS} s，${USERS} 个用户）：${JSON.stringify(figures, null, 2)}`);
  test.info().annotations.push({ type: "rolling restart", description: JSON.stringify(figures) });

  expect(records.filter((record) => record.outcome === "lost").map((record) => `${record.backend}: ${record.detail}`)).toEqual([]);
  expect(figures.finished + figures.endedCleanlyAfterDrainLimit).toBe(figures.started);
  expect(restarts.map((restart) => restart.exitCode)).toEqual([0, 0, 0]);
  // Every restart cut the long answer it was waiting for, cleanly, and only after the drain limit.
  for (const restart of restarts) {
    const cut = records.filter((record) => record.outcome === "restarting" && record.backend === restart.backend && record.startedAt < restart.termAt);
    expect(cut.length, `进程 ${restart.backend} 重启时没有回答被排空上限截断`).toBeGreaterThan(0);
    for (const record of cut) expect(record.endedAt! - restart.termAt).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000 - 100);
  }
  // Answers running when SIGTERM came and short enough to finish did finish on the draining process: the
  // one asked of it directly for certain (the traffic's own are counted above, as chance brings them).
  expect(restarts.map((restart) => restart.shortAnswer)).toEqual(["finished", "finished", "finished"]);
});
