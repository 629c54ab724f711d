import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { startPostgresServer, type PostgresServer } from "../../test/postgres-server";
import { findFreePort } from "./free-port";
import { startRoundRobinBalancer, type Balancer, type BalancerOptions } from "./round-robin-balancer";

export interface AppProcess {
  url: string;
  port: number;
  stop(): void;
  /** Sends `signal` (SIGKILL: a crash) and resolves with the exit code once the process has exited (null: ended by a signal). */
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

export interface AppCluster {
  /** The balancer's origin: what a browser would be given (SITE_URL of every process). */
  url: string;
  processes: AppProcess[];
  balancer: Balancer;
  /** Starts one more process (on `port`, e.g. a restarted backend's) on the same database and files on the same database and files (not behind the balancer unless it is a backend's port). */
  startProcess(extraEnv?: Record<string, string>, port?: number): Promise<AppProcess>;
  stop(): Promise<void>;
}

/**
 * `count` production servers (`npm start`, the suite's build) on one throwaway PostgreSQL and one
 * data directory, behind a round-robin balancer they trust as their proxy — the deployment
 * docs/deployment.md describes with nginx. Undefined when no PostgreSQL server can run here.
 */
export async function startAppCluster(count: number, env: Record<string, string>, balancerOptions: BalancerOptions = {}): Promise<AppCluster | { skipped: string }> {
  const database = await startPostgresServer();
  if ("skipped" in database) return database;
  const dataDir = mkdtempSync(path.join(tmpdir(), "spark-cluster-"));
  const ports = Array.from({ length: count }, () => Number(findFreePort()));
  let balancer: Balancer | undefined;
  const started: AppProcess[] = [];
  const stopAll = async () => {
    for (const process of started) process.stop();
    await balancer?.close();
    await (database as PostgresServer).stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    balancer = await startRoundRobinBalancer(ports, balancerOptions);
    const siteUrl = balancer.url;
    const startProcess = (extraEnv: Record<string, string> = {}, port = Number(findFreePort())) =>
      startAppProcess(port, {
        // Each `npm start` one process, as the specs' balancer and kills assume (not one per core),
        // unless a spec asks for workers.
        WEB_CONCURRENCY: "1",
        ...env,
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        SITE_URL: siteUrl,
        TRUSTED_PROXIES: "127.0.0.1/32",
        ...extraEnv,
      }).then((process) => {
        started.push(process);
        return process;
      });
    // One after the other: the first migrates the database; the rest find it ready.
    for (const port of ports) await startProcess({}, port);
    return { url: siteUrl, processes: [...started], balancer, startProcess, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

export async function startAppProcess(port: number, env: Record<string, string>): Promise<AppProcess> {
  const url = `http://127.0.0.1:${port}`;
  // The main e2e server's keep-alive (playwright.config.ts): with Node's 5 s, a request sent on an idle
  // socket as the server closes it fails with ECONNRESET (seen in admin-stripe-refund.spec).
  const args = ["server.mjs", "--port", String(port), "--hostname", "127.0.0.1", "--keepAliveTimeout", "65000"];
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { ...process.env, SUPABASE_URL: "", NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  const stop = () => {
    if (child.exitCode === null) child.kill("SIGTERM");
  };
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  try {
    await expect
      .poll(async () => {
        if (child.exitCode !== null) throw new Error(`进程 ${port} 启动失败：\n${errors}`);
        return (await fetch(`${url}/api/health`).catch(() => undefined))?.status;
      }, { timeout: 120_000 })
      .toBe(200);
  } catch (error) {
    stop();
    throw error;
  }
  return { url, port, stop, kill };
}
