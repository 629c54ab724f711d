// @ts-check
/**
 * A graceful stop (server.mjs on SIGTERM): stop accepting connections, report not-ready, let running
 * AI answers finish for up to `drainMs`, end the rest (the relay sends its SSE `error` and bills what
 * was generated), flush the write-behind buffers, close the app, and resolve — the caller exits 0.
 */
import { drain } from "../lifecycle.mjs";

/**
 * @param {{ server: import("node:http").Server, drainMs: number, closeApp: () => Promise<unknown>, log: import("pino").Logger }} options
 */
export async function shutDownGracefully({ server, drainMs, closeApp, log }) {
  log.info({ drainMs }, "收到退出信号：停止接收新请求，等待进行中的回答结束");
  server.close();
  // Keep-alive connections between requests would carry new ones: close them as they fall idle.
  server.closeIdleConnections();
  const idle = setInterval(() => server.closeIdleConnections(), 250);
  try {
    const { waitedMs, endedEarly } = await drain(drainMs, (error) => log.error({ err: error }, "排空时出错"));
    log.info({ waitedMs, endedEarly }, endedEarly > 0 ? `排空时间已到，已结束 ${endedEarly} 个进行中的回答` : "进行中的回答已全部结束");
    // The ended answers' last bytes are on their way: give the connections a moment, then close them.
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, 2_000);
      server.once("close", () => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
    server.closeAllConnections();
    await closeApp();
  } finally {
    clearInterval(idle);
  }
  log.info("已安全退出");
}

/**
 * Wires the stop signals: SIGTERM drains for `drainMs`, SIGINT (Ctrl-C) stops without waiting, and a
 * signal that comes while the process is already stopping is logged and ignored. It does come twice:
 * `npm start` forwards the signal it gets to this process, and systemd (KillMode=control-group), PM2's
 * tree kill or a terminal's Ctrl-C send the same one straight here. With a one-shot listener the copy
 * would meet Node's default action and kill the process in the middle of its drain.
 * @param {{ drainMs: number, shutdown: (drainMs: number) => void, log: import("pino").Logger }} options
 */
export function onStopSignals({ drainMs, shutdown, log }) {
  let stopping = false;
  /** @param {NodeJS.Signals} signal @param {number} waitMs */
  const listen = (signal, waitMs) =>
    process.on(signal, () => {
      if (stopping) return void log.warn({ signal }, "已在退出中，忽略重复的退出信号");
      stopping = true;
      shutdown(waitMs);
    });
  listen("SIGTERM", drainMs);
  listen("SIGINT", 0);
}

/**
 * SHUTDOWN_DRAIN_SECONDS (validated by the app's env; server.mjs reads it before the app loads).
 * @param {string | undefined} value
 */
export function drainMsFrom(value) {
  const seconds = value === undefined || value === "" ? 30 : Number(value);
  return Number.isInteger(seconds) && seconds >= 0 ? seconds * 1000 : 30_000;
}
