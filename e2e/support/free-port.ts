import { spawnSync } from "node:child_process";

/**
 * A loopback port nobody listens on now. Synchronous (a child process) because Playwright configs are
 * evaluated synchronously, once per worker too: callers pin the answer in process.env.
 */
export function findFreePort(): string {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return spawnSync(process.execPath, ["-e", script], { encoding: "utf8" }).stdout.trim();
}
