import { mkdir, realpath } from "node:fs/promises";
import lockfile from "proper-lockfile";

// PGlite has no cross-process lock of its own, and two processes writing one data directory corrupt
// it. proper-lockfile creates `<dir>.lock` atomically (mkdir) and keeps its mtime fresh while we run,
// so a lock left by a crashed process goes stale and is taken over; it is removed on process exit.
const STALE_MS = 10_000;

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly lockPath: string,
  ) {
    super(
      `数据目录 ${dataDir} 正被另一个进程使用（锁文件 ${lockPath}），为避免损坏数据，本进程不会打开它。` +
        `请先停止另一个进程，或设置 DATABASE_URL 改用 PostgreSQL 服务器。` +
        `如果那个进程已经异常退出，锁会在约 ${STALE_MS / 1000} 秒后自动失效。`,
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
  /** Called if another process took the lock over (e.g. after this one was suspended too long). */
  onCompromised?: (error: Error) => void;
}

/** Creates `dataDir` if needed and locks it for this process, or throws `DataDirLockedError`. */
export async function acquireDataDirLock(dataDir: string, options: DataDirLockOptions = {}): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  // Canonical path, so two spellings of one directory share one lock.
  const dir = await realpath(dataDir);
  const lockPath = `${dir}.lock`;
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dir, {
      lockfilePath: lockPath,
      realpath: false,
      stale: STALE_MS,
      // The library's default rethrows from a timer, which would crash the server.
      onCompromised: (error) => options.onCompromised?.(error),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") throw new DataDirLockedError(dir, lockPath);
    throw new Error(`无法锁定数据目录 ${dir}：${(error as Error).message}`, { cause: error });
  }
  let released: Promise<void> | undefined;
  return {
    dataDir: dir,
    lockPath,
    release: () => (released ??= release().catch(() => undefined)),
  };
}
