import { spawnSync } from "node:child_process";

/** Ports this process handed out: nothing listens on them yet, so the OS may offer one again. */
const handedOut = new Set<string>();

/**
 * A loopback port nobody listens on now, and not one already handed out by this process (a config
 * picks the app's and the fakes' ports before any of them listens). Synchronous (a child process)
 * because Playwright configs are evaluated synchronously, once per worker too: callers pin the
 * answer in process.env.
 */
export function findFreePort(): string {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const port = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" }).stdout.trim();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error("找不到空闲端口");
}
