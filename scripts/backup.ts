/**
 * Backs up or restores the embedded setup (PGlite under DATA_DIR/pglite, files under
 * DATA_DIR/storage/objects):
 *   npm run backup [-- <新目录>]       (default backups/spark-<time>)
 *   npm run restore -- <备份目录>
 * PGlite has one owner at a time. With the app stopped, the script opens DATA_DIR itself. While a
 * server holds the data directory, `backup` asks that server over DATA_DIR/control.sock to write the
 * backup (consistent, without stopping it: src/features/backup/server/live-backup.ts); `restore`
 * replaces the data directory, so it needs the app stopped and says so. With DATABASE_URL the database
 * is PostgreSQL: back it up with pg_dump or PITR instead (docs/deployment.md, 备份与恢复).
 */
import path from "node:path";
import { requestLiveBackup } from "@/features/backup/server/control-client";
import { backupEmbedded, restoreEmbedded } from "@/features/backup/server/embedded-backup";
import { DataDirLockedError } from "@/lib/db";
import { getEnv } from "@/lib/env";

for (const file of [".env.local", ".env"]) {
  try {
    process.loadEnvFile(file);
  } catch {
    // No such file: the environment alone configures the script.
  }
}

const STOP_FIRST =
  "恢复会替换整个数据目录，而服务正在运行。请先停止服务（例如 systemctl stop spark，或结束 npm start），" +
  "再运行本命令，完成后重新启动。（备份不必停机：服务运行时 npm run backup 会请服务自己完成备份。）";

async function main(): Promise<number> {
  const [command, target] = process.argv.slice(2);
  const env = getEnv();
  if (env.DATABASE_URL) {
    console.error("已配置 DATABASE_URL（PostgreSQL）：请用 pg_dump / pg_restore 或时间点恢复（PITR）备份和恢复数据库，步骤见 docs/deployment.md 的「备份与恢复」。");
    return 2;
  }
  const layout = { dataDir: path.resolve(env.DATA_DIR), filesInS3: Boolean(env.STORAGE_S3_BUCKET) };
  try {
    if (command === "backup") {
      const out = path.resolve(target ?? path.join("backups", `spark-${new Date().toISOString().replace(/[:.]/g, "-")}`));
      const manifest = await backupEmbedded(layout, out).catch((error: unknown) => {
        // A server owns PGlite: it writes the backup itself, without stopping.
        if (error instanceof DataDirLockedError) return requestLiveBackup(layout.dataDir, out);
        throw error;
      });
      console.log(`备份完成：${out}`);
      if (!manifest.includesFiles) console.log("注意：文件存放在 S3 存储桶中，未包含在本备份里，请用存储桶的版本控制或跨区域复制保护它们。");
      return 0;
    }
    if (command === "restore" && target) {
      const { keptAt } = await restoreEmbedded(layout, path.resolve(target));
      console.log(`恢复完成：${path.resolve(target)} → ${layout.dataDir}。原有数据已移到 ${keptAt}，确认无误后可自行删除。`);
      return 0;
    }
    console.error("用法：npm run backup [-- <新目录>] | npm run restore -- <备份目录>");
    return 2;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(STOP_FIRST);
      return 1;
    }
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

void main().then((code) => {
  process.exitCode = code;
});
