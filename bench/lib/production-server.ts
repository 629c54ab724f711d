import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export type RunningServer = { baseUrl: string; stop: () => Promise<void>; /** The server process (for its CPU time). */ pid: number };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function waitUntilUp(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

/** Starts the production server (`server.mjs`, what `npm start` runs) on a free loopback port with a throwaway data directory (building first if needed). */
export async function startProductionServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(path.join(".next", "BUILD_ID"))) {
    console.log("no production build found: running `npm run build` first…");
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error("build failed");
  }
  const port = await freePort();
  // BENCH_SERVER_CPU_PROF=<dir>: a V8 CPU profile of the server, written there when it stops.
  const profile = process.env.BENCH_SERVER_CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_SERVER_CPU_PROF] : [];
  const child = spawn(process.execPath, [...profile, "server.mjs", "--port", String(port), "--hostname", "127.0.0.1"], {
    // One process (WEB_CONCURRENCY=1): the benches measure what one process does, on PostgreSQL too.
    env: { ...process.env, WEB_CONCURRENCY: "1", DATA_DIR: mkdtempSync(path.join(tmpdir(), "spark-bench-")), ...env },
    stdio: "ignore",
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // Resolves once the process is gone (its data directory free for the next one); SIGKILL after 15 s.
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    process.kill(-child.pid, "SIGTERM");
    const killer = setTimeout(() => child.pid && process.kill(-child.pid, "SIGKILL"), 15_000);
    await exited;
    clearTimeout(killer);
  };
  try {
    await waitUntilUp(`${baseUrl}/api/health`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop, pid: child.pid ?? 0 };
}
