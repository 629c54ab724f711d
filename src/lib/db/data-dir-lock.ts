import { randomUUID } from "node:crypto";
import { readFileSync, unlinkSync } from "node:fs";
import { link, mkdir, readFile, realpath, rm, stat, unlink, writeFile } from "node:fs/promises";
import { isLockOwnerGone, lockOwnerOf, type LockOwner } from "./lock-owner";
import lockfile from "proper-lockfile";

// PGlite has no cross-process lock of its own, and two processes writing one data directory corrupt
// it. The lock is the file `<dir>.lock` naming its owner (pid, that process's start time, boot and
// host), created atomically (link of a fully written file). It is stale the moment its owner is gone —
// not alive, or a new process under a reused pid — so a crashed server restarts at once (an mtime
// rule, as proper-lockfile has, refused restarts for ~10 s and systemd gave up). proper-lockfile
// still serialises the check-and-take-over, so two restarts cannot both take a stale lock.
/** How old a lock in an older format (proper-lockfile's directory) must be before it is taken over. */
const LEGACY_STALE_MS = 10_000;
const CHECK_INTERVAL_MS = 10_000;

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly lockPath: string,
  ) {
    super(
      `数据目录 ${dataDir} 正被另一个进程使用（锁文件 ${lockPath}），为避免损坏数据，本进程不会打开它。` +
        `请先停止另一个进程，或设置 DATABASE_URL 改用 PostgreSQL 服务器。` +
        `如果那个进程已经异常退出，下次启动会自动接管这把锁。`,
    );
    this.name = "DataDirLockedError";
  }
}

export interface DataDirLock {
  readonly dataDir: string;
  readonly lockPath: string;
  release(): Promise<void>;
}

export interface DataDirLockOptions {
  /** Called if the lock file stops naming this process (removed or replaced by hand). */
  onCompromised?: (error: Error) => void;
}

/** Creates `dataDir` if needed and locks it for this process, or throws `DataDirLockedError`. */
export async function acquireDataDirLock(dataDir: string, options: DataDirLockOptions = {}): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  // Canonical path, so two spellings of one directory share one lock.
  const dir = await realpath(dataDir);
  const lockPath = `${dir}.lock`;
  const record = JSON.stringify(lockOwnerOf(process.pid));
  let releaseGuard: () => Promise<void>;
  try {
    releaseGuard = await lockfile.lock(lockPath, {
      lockfilePath: `${lockPath}.guard`,
      realpath: false,
      stale: 5_000,
      retries: { retries: 40, minTimeout: 25, maxTimeout: 250 },
      onCompromised: () => undefined,
    });
  } catch (error) {
    throw new Error(`无法锁定数据目录 ${dir}：${(error as Error).message}`, { cause: error });
  }
  try {
    if (await isHeld(lockPath)) throw new DataDirLockedError(dir, lockPath);
    await rm(lockPath, { recursive: true, force: true });
    const draft = `${lockPath}.${randomUUID()}`;
    await writeFile(draft, record);
    try {
      await link(draft, lockPath);
    } catch (error) {
      // Only a process of an older version (no guard) can have made it meanwhile.
      if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new DataDirLockedError(dir, lockPath);
      throw error;
    } finally {
      await unlink(draft).catch(() => undefined);
    }
  } catch (error) {
    if (error instanceof DataDirLockedError) throw error;
    throw new Error(`无法锁定数据目录 ${dir}：${(error as Error).message}`, { cause: error });
  } finally {
    await releaseGuard().catch(() => undefined);
  }
  return holdLock(dir, lockPath, record, options);
}

/** Whether the lock file exists and its owner is still running. */
async function isHeld(lockPath: string): Promise<boolean> {
  let text: string;
  try {
    text = await readFile(lockPath, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return false;
    if (code === "EISDIR") return !(await isOlderThan(lockPath, LEGACY_STALE_MS));
    throw error;
  }
  const owner = parseOwner(text);
  if (owner) return !isLockOwnerGone(owner);
  return !(await isOlderThan(lockPath, LEGACY_STALE_MS));
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockOwner> | null;
    return value && typeof value.pid === "number" && typeof value.host === "string" ? (value as LockOwner) : undefined;
  } catch {
    return undefined;
  }
}

async function isOlderThan(file: string, ms: number): Promise<boolean> {
  const { mtimeMs } = await stat(file);
  return mtimeMs < Date.now() - ms;
}

function holdLock(dir: string, lockPath: string, record: string, options: DataDirLockOptions): DataDirLock {
  const isOurs = () => {
    try {
      return readFileSync(lockPath, "utf8") === record;
    } catch {
      return false;
    }
  };
  const removeIfOurs = () => {
    if (isOurs()) unlinkSync(lockPath);
  };
  // A lock left by a dead process is harmless now, but a clean exit should not leave one.
  process.on("exit", removeIfOurs);
  const watch = setInterval(() => {
    if (isOurs()) return;
    clearInterval(watch);
    options.onCompromised?.(new Error(`锁文件 ${lockPath} 已不再属于本进程`));
  }, CHECK_INTERVAL_MS);
  watch.unref();
  let released: Promise<void> | undefined;
  return {
    dataDir: dir,
    lockPath,
    release: () =>
      (released ??= (async () => {
        clearInterval(watch);
        process.off("exit", removeIfOurs);
        try {
          removeIfOurs();
        } catch {
          // already gone
        }
      })()),
  };
}
