import { request } from "node:http";
import path from "node:path";
import { CONTROL_SOCKET } from "./control-socket";
import type { BackupManifest } from "./embedded-backup";

/** What `npm run backup` says when the running server cannot be asked (no socket, or too old to have one). */
export class ControlSocketUnavailable extends Error {}

const NO_SOCKET = (file: string) =>
  `服务正在运行，但无法连接它的控制套接字 ${file}：服务可能是不支持在线备份的旧版本（升级后重启服务即可），` +
  "或者它刚刚退出。也可以先停止服务（例如 systemctl stop spark）再运行 npm run backup。";

/** Asks the server that owns DATA_DIR's PGlite to write a backup into the new directory `target` (absolute). */
export function requestLiveBackup(dataDir: string, target: string): Promise<BackupManifest> {
  const socketPath = path.join(dataDir, CONTROL_SOCKET);
  const body = JSON.stringify({ target });
  return new Promise((resolve, reject) => {
    const req = request(
      { socketPath, method: "POST", path: "/backup", headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          let answer: { manifest?: BackupManifest; message?: string };
          try {
            answer = JSON.parse(Buffer.concat(chunks).toString("utf8")) as typeof answer;
          } catch {
            return reject(new ControlSocketUnavailable(NO_SOCKET(socketPath)));
          }
          if (res.statusCode === 404) return reject(new ControlSocketUnavailable(`服务版本过旧，不支持在线备份：${answer.message ?? ""}`));
          if (res.statusCode !== 200 || !answer.manifest) return reject(new Error(answer.message ?? `服务拒绝了备份请求（HTTP ${res.statusCode}）`));
          resolve(answer.manifest);
        });
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED" || error.code === "ECONNRESET") reject(new ControlSocketUnavailable(NO_SOCKET(socketPath)));
      else if (error.code === "EACCES") reject(new ControlSocketUnavailable(`没有权限连接 ${socketPath}：请用运行服务的同一用户（或 root）执行 npm run backup。`));
      else reject(error);
    });
    req.end(body);
  });
}
