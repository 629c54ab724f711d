// @ts-check
/**
 * The production server (`npm start`): Next.js's documented custom server on node:http, behind
 * src/lib/net/hardened-server.mjs, which decides the visitor's address once per request (socket
 * peer, or what a TRUSTED_PROXIES proxy wrote), overwrites the X-Forwarded-* headers everything
 * else reads, caps bodies and times out slow requests. `next start` would keep a client's own
 * X-Forwarded-For, so start-up (src/server/startup.ts) refuses to run in production without the marker
 * this file sets.
 *
 *   node server.mjs [--port 3000] [--hostname 0.0.0.0] [--keepAliveTimeout 65000] [--dev]
 *
 * Plain JavaScript so production needs `node` only (no TypeScript loader among the dependencies).
 */
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { parseTrustedProxies } from "./src/lib/net/client-address.mjs";
import { withFastLane } from "./src/lib/net/fast-lane-server.mjs";
import { drainMsFrom, onStopSignals, shutDownGracefully } from "./src/lib/net/graceful-shutdown.mjs";
import { createHardenedServer } from "./src/lib/net/hardened-server.mjs";
import { listenOnOwnLoopback } from "./src/lib/net/own-loopback.mjs";
import { buildInlineScriptHashes, withStaticPageScriptHashes } from "./src/lib/net/static-page-csp.mjs";
import { logger } from "./src/lib/log/logger.mjs";
import { serveClusterMetrics } from "./src/lib/net/cluster-metrics.mjs";
import { runPrimary } from "./src/lib/net/server-workers.mjs";
import { planWorkers } from "./src/lib/net/worker-plan.mjs";

/** Set for the app: src/server/startup.ts refuses to serve in production without it. */
export const SERVER_MARKER = "SPARK_HARDENED_SERVER";

const { values } = parseArgs({
  options: {
    port: { type: "string", short: "p" },
    hostname: { type: "string", short: "H" },
    keepAliveTimeout: { type: "string" },
    dev: { type: "boolean", default: false },
  },
});

const dev = values.dev;
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname;
const keepAliveTimeoutMs = values.keepAliveTimeout === undefined ? undefined : Number(values.keepAliveTimeout);
if (!Number.isInteger(port) || port < 0 || port > 65_535) fail(`端口无效 / invalid port: ${values.port ?? process.env.PORT}`);
if (keepAliveTimeoutMs !== undefined && !(Number.isInteger(keepAliveTimeoutMs) && keepAliveTimeoutMs >= 0)) {
  fail(`--keepAliveTimeout 无效 / invalid: ${values.keepAliveTimeout}`);
}

/** @type {ReturnType<typeof parseTrustedProxies>} */
let trust;
try {
  trust = parseTrustedProxies(process.env.TRUSTED_PROXIES);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

// Several workers on PostgreSQL (WEB_CONCURRENCY, one per core by default): this process becomes
// their primary (src/lib/net/server-workers.mjs); each worker runs this file again and serves.
const plan = cluster.isPrimary && !dev ? planWorkers(process.env, availableParallelism()) : { count: 1 };
if (plan.invalid) fail(plan.invalid);
if (plan.notice) logger().warn(plan.notice);
if (plan.count > 1) {
  const { stopped } = runPrimary({ count: plan.count, drainMs: drainMsFrom(process.env.SHUTDOWN_DRAIN_SECONDS), log: logger() });
  serveClusterMetrics({ port: process.env.METRICS_PORT, token: process.env.METRICS_TOKEN, hostname, log: logger() });
  process.exit(await stopped);
} else {
  await serve();
}

/** This process serves: Next.js behind the hardened server, drained on SIGTERM. */
async function serve() {
  // As `next start` / `next dev` do; must be set before Next.js loads its config.
  // @ts-expect-error NODE_ENV is typed read-only by @types/node's augmentation in Next.js.
  process.env.NODE_ENV = dev ? "development" : "production";
  process.env[SERVER_MARKER] = "1";

  const { default: next } = await import("next");
  const app = next({ dev, hostname: hostname ?? "localhost", port });
  const handle = app.getRequestHandler();
  await app.prepare();

  // The scripts the build inlines into its prerendered pages: static pages' CSP allows these by hash.
  const buildScriptHashes = buildInlineScriptHashes(".next/server/app");
  // The hot API routes skip Next.js's router (src/features/fast-lane); the rest is Next.js's, static
  // pages with their script hashes filled into the CSP (src/lib/net/static-page-csp.mjs).
  const nextHandler = withStaticPageScriptHashes((req, res) => handle(req, res), () => buildScriptHashes);
  const server = createHardenedServer({ handler: withFastLane(nextHandler), trust, keepAliveTimeoutMs });
  /** @type {(() => void) | undefined} */
  let closeOwnLoopback;
  server.listen(port, hostname, () => {
    const address = server.address();
    const shown = typeof address === "object" && address ? `${hostname ?? "localhost"}:${address.port}` : String(address);
    logger().info({ address: `http://${shown}`, dev }, `思维火花已启动：http://${shown}${dev ? "（开发模式）" : ""}`);
    if (!(typeof address === "object" && address)) return;
    if (!cluster.isWorker) return announceListening(`http://${loopbackHost(address)}:${address.port}`);
    // A worker's requests to itself must not go round the shared port to another worker.
    listenOnOwnLoopback(server).then(
      (own) => {
        closeOwnLoopback = own.close;
        announceListening(own.origin);
      },
      (/** @type {unknown} */ error) => logger().warn({ err: error }, "无法监听本进程专用的回环端口"),
    );
  });

  /**
   * SIGTERM (an orchestrator's restart): /api/health/ready answers 503 from now on, running AI answers
   * get SHUTDOWN_DRAIN_SECONDS to finish, buffers are flushed, exit 0. SIGINT (Ctrl-C) does not wait. A
   * repeated signal (npm forwards the one it gets) changes nothing.
   * @param {number} drainMs
   */
  const shutdown = (drainMs) => {
    closeOwnLoopback?.();
    void shutDownGracefully({ server, drainMs, closeApp: () => app.close(), log: logger() })
      .catch((/** @type {unknown} */ error) => logger().error({ err: error }, "退出时出错"))
      .finally(() => process.exit(0));
  };
  onStopSignals({ drainMs: drainMsFrom(process.env.SHUTDOWN_DRAIN_SECONDS), shutdown, log: logger() });
}

/** @param {import("node:net").AddressInfo} address */
function loopbackHost(address) {
  const anyAddress = address.address === "0.0.0.0" || address.address === "::";
  return anyAddress ? "127.0.0.1" : address.family === "IPv6" ? `[${address.address}]` : address.address;
}

/**
 * Tells the app where this process listens (it sends itself a request to revalidate its prerendered
 * listings: src/features/marketing/listing-revalidation.ts), then lets it do so once.
 * @param {string} origin
 */
function announceListening(origin) {
  process.env.SPARK_LISTEN_ORIGIN = origin;
  const listening = /** @type {Record<symbol, (() => void) | undefined>} */ (/** @type {unknown} */ (globalThis))[Symbol.for("sparkai.server.listening")];
  listening?.();
}

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`\n${message}\n`);
  process.exit(1);
}
