import { cp, mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { acquireDataDirLock } from "@/lib/db/data-dir-lock";
import { openPglite } from "@/lib/db/pglite";

/**
 * Backups of the embedded setup: PGlite's data directory (`DATA_DIR/pglite`) and the object bytes
 * (`DATA_DIR/storage/objects`). PGlite has one owner at a time (the data-directory lock): with the app
 * stopped, a backup or restore takes the lock like a server would. While a server holds it, a backup is
 * made by that server instead (live-backup.ts, asked over DATA_DIR/control.sock), and a restore refuses
 * with the lock's own message: it replaces the data directory, which only a stopped app allows.
 *
 * A backup is a directory: `manifest.json`, `pglite.tar.gz` (PGlite's own dumpDataDir, loadable by
 * PGlite.create's `loadDataDir`) and `storage/objects/` (same layout as the live one).
 */

export const BACKUP_FORMAT = "spark-embedded-backup";
const BACKUP_VERSION = 1;
const DATABASE_FILE = "pglite.tar.gz";

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** false when object bytes live in an S3 bucket (backed up there: versioning / replication). */
  includesFiles: boolean;
}

export interface EmbeddedLayout {
  /** DATA_DIR */
  dataDir: string;
  /** Object bytes are in an S3-compatible bucket, not under DATA_DIR/storage. */
  filesInS3: boolean;
}

const pgliteDir = (dataDir: string) => path.join(dataDir, "pglite");
const objectsDir = (dataDir: string) => path.join(dataDir, "storage", "objects");

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Writes a backup of DATA_DIR into the new directory `out`. Throws DataDirLockedError while a server runs. */
export async function backupEmbedded(layout: EmbeddedLayout, out: string): Promise<BackupManifest> {
  if (!(await exists(path.join(pgliteDir(layout.dataDir), "PG_VERSION")))) {
    throw new Error(`没有找到内嵌数据库：${pgliteDir(layout.dataDir)} 不是 PGlite 数据目录（DATA_DIR 是否正确？）`);
  }
  if (await exists(out)) throw new Error(`备份目录 ${out} 已存在，请换一个新目录`);
  const handle = await openPglite(pgliteDir(layout.dataDir));
  try {
    return await writeBackup(handle.client, layout, out);
  } finally {
    await handle.close();
  }
}

/** Where a backup is (`database-dumped`: the dump is written, the files are next). */
export type BackupStage = "database-dumped";

/**
 * Writes the backup of the database open in `client` and of the files into the new directory `out`.
 * The dump waits for PGlite's transaction queue as well as its query queue, so it falls between
 * transactions: a consistent snapshot even while the app writes (live-backup.ts).
 */
export async function writeBackup(
  client: PGlite,
  layout: EmbeddedLayout,
  out: string,
  onStage: (stage: BackupStage) => void | Promise<void> = () => undefined,
): Promise<BackupManifest> {
  await mkdir(out, { recursive: true });
  const dump = await client._runExclusiveTransaction(() => client.dumpDataDir("gzip"));
  await writeFile(path.join(out, DATABASE_FILE), Buffer.from(await dump.arrayBuffer()));
  await onStage("database-dumped");
  const includesFiles = !layout.filesInS3;
  if (includesFiles && (await exists(objectsDir(layout.dataDir)))) {
    await cp(objectsDir(layout.dataDir), objectsDir(path.join(out)), { recursive: true, errorOnExist: true });
  }
  const manifest: BackupManifest = { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), includesFiles };
  // Written last: a directory without a manifest is an unfinished backup.
  await writeFile(path.join(out, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function readManifest(from: string): Promise<BackupManifest> {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(await readFile(path.join(from, "manifest.json"), "utf8")) as Partial<BackupManifest>;
  } catch {
    throw new Error(`${from} 不是完整的备份：缺少或无法读取 manifest.json`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
    throw new Error(`${from} 不是本程序可识别的备份（格式 ${String(manifest.format)} 版本 ${String(manifest.version)}）`);
  }
  return manifest as BackupManifest;
}

/**
 * Replaces DATA_DIR's database and files with the backup in `from`. What was there is moved, never
 * deleted, to `DATA_DIR/before-restore-<time>/`. Throws DataDirLockedError while a server runs.
 * The next start applies any newer migrations to the restored database.
 */
export async function restoreEmbedded(layout: EmbeddedLayout, from: string): Promise<{ keptAt: string; manifest: BackupManifest }> {
  const manifest = await readManifest(from);
  const dump = new Blob([await readFile(path.join(from, DATABASE_FILE))]);
  const lock = await acquireDataDirLock(pgliteDir(layout.dataDir));
  const keptAt = path.join(layout.dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  try {
    await mkdir(path.join(keptAt, "storage"), { recursive: true });
    // The lock is the file beside the directory (`pglite.lock`), so the directory itself may move.
    await rename(lock.dataDir, path.join(keptAt, "pglite"));
    await mkdir(lock.dataDir);
    const client = await PGlite.create(lock.dataDir, { loadDataDir: dump });
    await client.close();
    if (manifest.includesFiles) {
      if (await exists(objectsDir(layout.dataDir))) await rename(objectsDir(layout.dataDir), objectsDir(keptAt));
      await mkdir(path.dirname(objectsDir(layout.dataDir)), { recursive: true });
      if (await exists(objectsDir(from))) await cp(objectsDir(from), objectsDir(layout.dataDir), { recursive: true });
      else await mkdir(objectsDir(layout.dataDir));
    }
  } finally {
    await lock.release();
  }
  return { keptAt, manifest };
}
