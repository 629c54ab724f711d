import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, utimes } from "node:fs/promises";
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

  it("takes over a lock left behind by a crashed process", async () => {
    const dir = path.join(root, "pglite");
    const first = await acquireDataDirLock(dir);
    // Pretend its owner stopped refreshing it a minute ago.
    const old = new Date(Date.now() - 60_000);
    await utimes(first.lockPath, old, old);
    const second = await acquireDataDirLock(dir);
    await second.release();
    await first.release(); // releasing a lost lock is harmless
  });
});
