import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock";

describe("acquireDataDirLock", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "sparkai-lock-"));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("creates the directory and refuses a second holder with a Chinese message", async () => {
    const dir = path.join(root, "pglite");
    const first = await acquireDataDirLock(dir);
    expect(existsSync(dir)).toBe(true);
    expect(existsSync(`${first.dataDir}.lock`)).toBe(true);

    const second = acquireDataDirLock(dir);
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(/正被另一个进程使用/);
    await expect(second).rejects.toThrow(first.dataDir);
    await expect(second).rejects.toThrow(/DATABASE_URL/);

    await first.release();
    expect(existsSync(first.lockPath)).toBe(false);
    const third = await acquireDataDirLock(dir);
    await third.release();
  });

  it("makes a second process stop with the message instead of opening the directory", async () => {
    const dir = path.join(root, "pglite");
    const first = await acquireDataDirLock(dir);
    // A real second Node process, as when `npm run dev` is started twice on one .data/.
    const openInChild = (dataDir: string) =>
      spawnSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "-e",
          'require("./src/lib/db/data-dir-lock.ts").acquireDataDirLock(process.env.LOCK_DIR).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); })',
        ],
        { cwd: process.cwd(), env: { ...process.env, LOCK_DIR: dataDir }, encoding: "utf8" },
      );
    const refused = openInChild(dir);
    expect(refused.status).toBe(3);
    expect(refused.stderr).toMatch(/正被另一个进程使用/);

    await first.release();
    expect(openInChild(dir).status).toBe(0);
  });

  it("treats two spellings of one directory as the same lock", async () => {
    const first = await acquireDataDirLock(path.join(root, "pglite"));
    await expect(acquireDataDirLock(path.join(root, "x", "..", "pglite"))).rejects.toBeInstanceOf(DataDirLockedError);
    await first.release();
  });

  it("takes over at once a lock whose owner was SIGKILLed, and still refuses while a live owner holds it", async () => {
    const dir = path.join(root, "pglite");
    const holder = () =>
      spawn(
        process.execPath,
        [
          "--import",
          "tsx",
          "-e",
          'require("./src/lib/db/data-dir-lock.ts").acquireDataDirLock(process.env.LOCK_DIR).then(() => { console.log("locked"); setInterval(() => {}, 1000); }, (e) => { console.error(e.message); process.exit(3); })',
        ],
        { cwd: process.cwd(), env: { ...process.env, LOCK_DIR: dir }, stdio: ["ignore", "pipe", "inherit"] },
      );
    const locked = (child: ChildProcess) =>
      new Promise<void>((resolve, reject) => {
        child.stdout!.on("data", (data: Buffer) => data.toString().includes("locked") && resolve());
        child.once("exit", (code) => reject(new Error(`holder exited ${code}`)));
      });

    const live = holder();
    await locked(live);
    await expect(acquireDataDirLock(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    // As if the holder had just been busy writing: a lock judged by its age would look fresh.
    const now = new Date();
    await utimes(`${dir}.lock`, now, now);
    const killed = new Promise((resolve) => live.once("exit", resolve));
    live.kill("SIGKILL");
    await killed;
    // The very next start comes up: no waiting for an mtime to age.
    const startedAt = Date.now();
    const next = await acquireDataDirLock(dir);
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    await next.release();
  }, 30_000);

  it("takes over a lock whose pid was reused by another process (another start time)", async () => {
    const dir = path.join(root, "pglite");
    const first = await acquireDataDirLock(dir);
    const owner = JSON.parse(await readFile(first.lockPath, "utf8")) as { started: string | null };
    expect(owner.started).not.toBeNull();
    // Our own pid, but as if a process started at another time had written it before crashing.
    await writeFile(first.lockPath, JSON.stringify({ ...owner, started: "1" }));
    const second = await acquireDataDirLock(dir);
    await second.release();
    await first.release(); // releasing a lost lock is harmless
    expect(existsSync(first.lockPath)).toBe(false);
  });

  it("takes over an older version's lock directory once its mtime is stale", async () => {
    const dir = path.join(root, "pglite");
    await mkdir(dir);
    await mkdir(`${dir}.lock`);
    await expect(acquireDataDirLock(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    const old = new Date(Date.now() - 60_000);
    await utimes(`${dir}.lock`, old, old);
    const lock = await acquireDataDirLock(dir);
    await lock.release();
  });
});
