import { stat } from "node:fs/promises";
import path from "node:path";
import { holdByteRemovals } from "@/embedded/storage/bytes/removal-hold";
import type { PgliteConnection } from "@/lib/db/types";
import { writeBackup, type BackupManifest, type BackupStage, type EmbeddedLayout } from "./embedded-backup";

/** A request the running server turns down; `status` is the control socket's HTTP status. */
export class LiveBackupRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

let running = false;

/**
 * A backup made by the server that owns PGlite, without stopping it. Removals of object bytes are held
 * from before the dump until the files are copied (removal-hold.ts), so every file the dump references
 * is copied; the dump itself falls between transactions (writeBackup). One at a time.
 */
export async function backupWhileRunning(
  handle: PgliteConnection,
  layout: EmbeddedLayout,
  out: string,
  onStage?: (stage: BackupStage) => void | Promise<void>,
): Promise<BackupManifest> {
  if (!path.isAbsolute(out)) throw new LiveBackupRefused(400, `备份目录必须是绝对路径：${out}`);
  if (handle.closed) throw new LiveBackupRefused(503, "服务正在关闭，数据库已关闭，请稍后再试");
  if (running) throw new LiveBackupRefused(409, "已有一个备份正在进行，请等它完成后再试");
  running = true;
  const release = holdByteRemovals();
  try {
    const taken = await stat(out).then(
      () => true,
      () => false,
    );
    if (taken) throw new LiveBackupRefused(409, `备份目录 ${out} 已存在，请换一个新目录`);
    return await writeBackup(handle.client, layout, out, onStage);
  } finally {
    await release();
    running = false;
  }
}
