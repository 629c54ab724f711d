import { spawn, spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, readdirSync } from "node:fs";
import { chown, mkdir, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A throwaway PostgreSQL server for the test run: initdb into a temp directory, listen on
 * 127.0.0.1 (socket inside the temp dir), trust auth, no fsync. Postgres refuses to run as root,
 * so under root (CI) every server command runs as the `postgres` OS user via runuser.
 */
export interface PostgresServer {
  url: string;
  stop(): Promise<void>;
  /** Best-effort synchronous stop for process exit. */
  stopSync(): void;
}

const BINARIES = ["initdb", "pg_ctl", "postgres"] as const;

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A directory holding initdb, pg_ctl and postgres: from PATH first, else the newest Debian install. */
export function findPostgresBinDir(): string | undefined {
  const fromPath = (process.env.PATH ?? "").split(path.delimiter).filter(Boolean);
  const debianRoot = "/usr/lib/postgresql";
  const debian = existsSync(debianRoot)
    ? readdirSync(debianRoot)
        .filter((version) => /^\d+(\.\d+)?$/.test(version))
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => path.join(debianRoot, version, "bin"))
    : [];
  return [...fromPath, ...debian].find((dir) => BINARIES.every((name) => isExecutable(path.join(dir, name))));
}

interface RunResult {
  code: number | null;
  output: string;
}

// Resolves on "exit", not "close": pg_ctl's daemon may keep inherited pipes open.
function run(command: string, args: string[]): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, output }));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function lookupId(flag: "-u" | "-g", user: string): number | undefined {
  const result = spawnSync("id", [flag, user], { encoding: "utf8" });
  return result.status === 0 ? Number(result.stdout.trim()) : undefined;
}

function findRunuser(): string | undefined {
  return ["/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser", "/bin/runuser"].find(isExecutable);
}

/** Starts a server, or returns the reason it cannot (missing binaries or user); never throws. */
export async function startPostgresServer(): Promise<PostgresServer | { skipped: string }> {
  const binDir = findPostgresBinDir();
  if (!binDir) return { skipped: "找不到 initdb / pg_ctl / postgres（PATH 或 /usr/lib/postgresql/*/bin）" };

  const asRoot = process.getuid?.() === 0;
  let wrap = (command: string, args: string[]): [string, string[]] => [command, args];
  let owner: { uid: number; gid: number } | undefined;
  if (asRoot) {
    const uid = lookupId("-u", "postgres");
    const gid = lookupId("-g", "postgres");
    const runuser = findRunuser();
    if (uid === undefined || gid === undefined) return { skipped: "以 root 运行但系统中没有 postgres 用户" };
    if (!runuser) return { skipped: "以 root 运行但找不到 runuser 命令" };
    owner = { uid, gid };
    wrap = (command, args) => [runuser, ["-u", "postgres", "--", command, ...args]];
  }

  let baseDir: string;
  try {
    baseDir = await mkdtemp(path.join(os.tmpdir(), "sparkai-pg-"));
  } catch (error) {
    return { skipped: `无法创建临时目录：${(error as Error).message}` };
  }
  const dataDir = path.join(baseDir, "data");
  const socketDir = path.join(baseDir, "socket");
  const logFile = path.join(baseDir, "server.log");
  const pgCtl = path.join(binDir, "pg_ctl");
  const stopArgs = ["stop", "-D", dataDir, "-m", "immediate", "-w"];
  const removeBaseDir = () => rm(baseDir, { recursive: true, force: true });

  try {
    await mkdir(socketDir);
    if (owner) {
      for (const dir of [baseDir, socketDir]) await chown(dir, owner.uid, owner.gid);
    }
    const initdb = await run(
      ...wrap(path.join(binDir, "initdb"), [
        "-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync",
      ]),
    );
    if (initdb.code !== 0) throw new Error(`initdb 失败：\n${initdb.output}`);

    const port = await freePort();
    // pg_ctl hands -o to a shell; mkdtemp paths contain no spaces.
    const serverOptions = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -F`;
    const start = await run(...wrap(pgCtl, ["start", "-D", dataDir, "-l", logFile, "-w", "-t", "60", "-o", serverOptions]));
    if (start.code !== 0) throw new Error(`pg_ctl start 失败：\n${start.output}`);

    let stopped = false;
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      async stop() {
        if (stopped) return;
        stopped = true;
        await run(...wrap(pgCtl, stopArgs)).catch(() => undefined);
        await removeBaseDir();
      },
      stopSync() {
        if (stopped) return;
        stopped = true;
        const [command, args] = wrap(pgCtl, stopArgs);
        spawnSync(command, args, { stdio: "ignore" });
        spawnSync("rm", ["-rf", baseDir], { stdio: "ignore" });
      },
    };
  } catch (error) {
    await run(...wrap(pgCtl, stopArgs)).catch(() => undefined);
    await removeBaseDir();
    return { skipped: `无法启动临时 PostgreSQL：${(error as Error).message}` };
  }
}
