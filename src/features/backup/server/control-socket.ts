import { chmod, lstat, unlink } from "node:fs/promises";
import { unlinkSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { z } from "@/lib/zod";
import type { PgliteConnection } from "@/lib/db/types";
import type { BackupStage, EmbeddedLayout } from "./embedded-backup";
import { backupWhileRunning, LiveBackupRefused } from "./live-backup";

/**
 * The running server's control socket, `DATA_DIR/control.sock`: how `npm run backup` asks the process
 * that owns PGlite for a backup. A Unix domain socket, mode 0600, so only whoever may read DATA_DIR
 * (the service's own user, or root) can reach it: no TCP port, no token to leak. Whoever can connect
 * could already copy DATA_DIR, so a backup written where that user may write gives nothing away.
 * HTTP over the socket (node:http on both ends): one route, `POST /backup {"target": "/绝对/新目录"}`.
 */
export const CONTROL_SOCKET = "control.sock";

export const backupRequestSchema = z.object({
  target: z
    .string()
    .min(1)
    .refine((target) => path.isAbsolute(target), "target 必须是绝对路径"),
});

const MAX_BODY_BYTES = 16 * 1024;

export interface ControlSocketOptions {
  layout: EmbeddedLayout;
  /** The server's database now (asked per request: the app may have reopened it). */
  database: () => Promise<PgliteConnection>;
  onStage?: (stage: BackupStage) => void | Promise<void>;
  log?: (message: string) => void;
}

export interface ControlSocket {
  path: string;
  close(): Promise<void>;
}

function reply(res: ServerResponse, statusCode: number, body: object): void {
  res.writeHead(statusCode, { "Content-Type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new LiveBackupRefused(413, "请求体过大");
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
  } catch {
    throw new LiveBackupRefused(400, "请求体不是有效的 JSON");
  }
}

/** Removes a socket left by a server that died without cleaning up (we hold the data-dir lock, so it is stale). */
async function removeStaleSocket(file: string): Promise<void> {
  const found = await lstat(file).catch(() => undefined);
  if (!found) return;
  if (!found.isSocket()) throw new Error(`${file} 已存在且不是套接字，请移走它后再启动`);
  await unlink(file);
}

/** Opens the control socket in `layout.dataDir` for the server that owns `handle` (PGlite on disk). */
export async function openControlSocket(options: ControlSocketOptions): Promise<ControlSocket> {
  const file = path.join(options.layout.dataDir, CONTROL_SOCKET);
  let secured = false;
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== "POST" || req.url !== "/backup") return reply(res, 404, { statusCode: 404, message: `没有这个控制命令：${req.method} ${req.url}` });
      const parsed = backupRequestSchema.safeParse(await readJson(req));
      if (!parsed.success) return reply(res, 400, { statusCode: 400, message: parsed.error.issues.map((issue) => issue.message).join("；") });
      options.log?.(`开始在线备份到 ${parsed.data.target}`);
      const manifest = await backupWhileRunning(await options.database(), options.layout, parsed.data.target, options.onStage);
      options.log?.(`在线备份完成：${parsed.data.target}`);
      reply(res, 200, { manifest });
    })().catch((error: unknown) => {
      const status = error instanceof LiveBackupRefused ? error.status : 500;
      const message = error instanceof Error ? error.message : String(error);
      if (status === 500) options.log?.(`在线备份失败：${message}`);
      if (!res.headersSent) reply(res, status, { statusCode: status, message: status === 500 ? `备份失败：${message}` : message });
    });
  });
  // Connections accepted before the chmod below could come from anyone: they are dropped.
  server.on("connection", (socket) => {
    if (!secured) socket.destroy();
  });
  await removeStaleSocket(file);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(file, () => resolve());
  });
  await chmod(file, 0o600);
  secured = true;
  // Never what keeps the process alive: it lives and ends with the server.
  server.unref();
  // A clean exit removes the socket; after a crash the next start takes it over (removeStaleSocket).
  const removeOnExit = () => {
    try {
      unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
  process.once("exit", removeOnExit);
  return {
    path: file,
    close: async () => {
      process.removeListener("exit", removeOnExit);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await unlink(file).catch(() => undefined);
    },
  };
}
