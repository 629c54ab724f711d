// @ts-check
/**
 * The Node HTTP server in front of the app (server.mjs) and of the standalone services
 * (src/embedded/standalone.ts). Before any handler sees a request it
 * - decides the visitor's address once (client-address.mjs) and OVERWRITES X-Forwarded-For with
 *   exactly that address, X-Forwarded-Proto with what is true, and drops X-Forwarded-Host / -Port
 *   unless a trusted proxy sent them — so `visitorIp()`, Next.js and HSTS logic read facts;
 * - refuses a non-upload body whose Content-Length is over the cap (413, unread), and cuts a
 *   chunked one off at the cap;
 * - closes connections whose headers (all requests) or body (non-upload requests) arrive too slowly.
 */
import { createServer } from "node:http";
import { resolveClient } from "./client-address.mjs";
import { DEFAULT_LIMITS, isUploadRequest } from "./request-limits.mjs";
import { logger } from "../log/logger.mjs";
import { decideRequestId, runInRequestContext } from "./request-context.mjs";
import { observeRequest } from "./request-observer.mjs";

/** @typedef {import("./client-address.mjs").TrustedProxies} TrustedProxies */
/** @typedef {import("./request-limits.mjs").RequestLimits} RequestLimits */
/** @typedef {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => unknown} Handler */

/** Headers a client may not set for itself: we write them, or a trusted proxy does. */
const FORWARDING = ["x-forwarded-for", "x-forwarded-proto", "x-forwarded-host", "x-forwarded-port", "x-real-ip", "forwarded", "x-request-id"];

/**
 * Rewrites the forwarding headers of one request (both `headers` and `rawHeaders`: Next.js reads
 * the first, @hono/node-server the second).
 * @param {import("node:http").IncomingMessage} req
 * @param {TrustedProxies} trust
 * @returns {string | undefined} the visitor's address
 */
export function applyClientAddress(req, trust) {
  const headers = req.headers;
  const { ip, viaTrustedProxy } = resolveClient(trust, req.socket.remoteAddress, headers["x-forwarded-for"]);
  const tls = "encrypted" in req.socket && Boolean(req.socket.encrypted);
  const claimedProto = lastEntry(headers["x-forwarded-proto"])?.toLowerCase();
  const claimedHost = lastEntry(headers["x-forwarded-host"]);
  const claimedPort = lastEntry(headers["x-forwarded-port"]);

  /** @type {Record<string, string>} */
  const written = {};
  if (ip) written["x-forwarded-for"] = ip;
  written["x-forwarded-proto"] = tls || (viaTrustedProxy && claimedProto === "https") ? "https" : "http";
  if (viaTrustedProxy && claimedHost && /^[\w.:[\]-]{1,255}$/.test(claimedHost)) written["x-forwarded-host"] = claimedHost;
  if (viaTrustedProxy && claimedPort && /^\d{1,5}$/.test(claimedPort)) written["x-forwarded-port"] = claimedPort;
  // The request's id (logs, upstream calls, the answer's header): a trusted proxy's, else ours.
  written["x-request-id"] = decideRequestId(headers["x-request-id"], viaTrustedProxy);

  for (const name of FORWARDING) delete headers[name];
  Object.assign(headers, written);
  /** @type {string[]} */
  const raw = [];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = /** @type {string} */ (req.rawHeaders[i]);
    if (!FORWARDING.includes(name.toLowerCase())) raw.push(name, /** @type {string} */ (req.rawHeaders[i + 1]));
  }
  for (const [name, value] of Object.entries(written)) raw.push(name, value);
  req.rawHeaders = raw;
  return ip;
}

/** @param {string | string[] | undefined} value */
function lastEntry(value) {
  const text = Array.isArray(value) ? value.join(",") : value;
  return text?.split(",").at(-1)?.trim() || undefined;
}

/**
 * @param {import("node:http").ServerResponse} res
 * @param {number} status
 * @param {string} message
 */
function refuse(res, status, message) {
  const body = JSON.stringify({ statusCode: status, message });
  // Connection: close — the unread body is not ours to drain; Node closes the socket after this.
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    Connection: "close",
  });
  res.end(body);
}

/**
 * Applies the body limits of one request. Returns false when it was refused.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {RequestLimits} limits
 */
export function applyBodyLimits(req, res, limits) {
  if (isUploadRequest(req.method, req.url)) return true;
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > limits.maxBodyBytes) {
    refuse(res, 413, `请求体过大（上限 ${Math.round(limits.maxBodyBytes / 1024)} KB）`);
    return false;
  }
  const hasBody = req.headers["transfer-encoding"] !== undefined || Number(declared ?? 0) > 0;
  if (!hasBody) return true;
  // A chunked body has no length to check up front: count what the parser pushes and cut the
  // connection at the cap. (Node's HTTP parser hands body bytes to `req.push`; wrapping it on this
  // instance sees every byte before any handler buffers it.)
  let received = 0;
  const push = req.push;
  req.push = function pushWithCap(chunk, encoding) {
    if (chunk) received += chunk.length;
    if (received > limits.maxBodyBytes) {
      req.socket.destroy();
      return false;
    }
    return push.call(this, chunk, encoding);
  };
  // Slow bodies: Node's requestTimeout is one value per server (uploads need a long one), so
  // non-upload requests get their own deadline.
  const timer = setTimeout(() => {
    if (!req.complete) req.socket.destroy();
  }, limits.bodyTimeoutMs);
  timer.unref();
  const clear = () => clearTimeout(timer);
  req.once("end", clear);
  res.once("close", clear);
  return true;
}

/**
 * One debug line per answered request: method, path without its query (a query may carry a token),
 * status, duration. (The `close` event fires outside the request's context: the id is passed along.)
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {string} requestId
 */
function logAccess(req, res, requestId) {
  const log = logger();
  if (!log.isLevelEnabled("debug")) return;
  const started = process.hrtime.bigint();
  res.once("close", () => {
    const path = (req.url ?? "/").split("?", 1)[0];
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    log.debug({ requestId, method: req.method, path, status: res.headersSent ? res.statusCode : 499, ms: Math.round(ms) }, "request");
  });
}

/**
 * An http.Server that resolves the visitor and enforces the limits before calling `handler`.
 * @param {{ handler: Handler, trust: TrustedProxies, keepAliveTimeoutMs?: number, limits?: Partial<RequestLimits> }} options
 */
export function createHardenedServer({ handler, trust, keepAliveTimeoutMs, limits: overrides }) {
  const limits = { ...DEFAULT_LIMITS, ...overrides };
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: Math.max(limits.uploadTimeoutMs, limits.headersTimeoutMs),
      // Node checks those two deadlines on this interval (default 30 s): check every second.
      connectionsCheckingInterval: 1000,
    },
    (req, res) => {
      observeRequest(req, res);
      applyClientAddress(req, trust);
      const requestId = /** @type {string} */ (req.headers["x-request-id"]);
      res.setHeader("X-Request-Id", requestId);
      logAccess(req, res, requestId);
      runInRequestContext({ requestId }, () => {
        if (!applyBodyLimits(req, res, limits)) return;
        Promise.resolve(handler(req, res)).catch((/** @type {unknown} */ error) => {
          logger().error({ err: error }, "请求处理失败");
          if (!res.headersSent) refuse(res, 500, "服务器内部错误");
          else res.destroy();
        });
      });
    },
  );
  if (keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = keepAliveTimeoutMs;
  // WebSocket upgrades (Next.js's dev HMR) bypass the request listener: rewrite their headers too,
  // before any other listener (Next.js adds its own once it has seen a request).
  server.prependListener("upgrade", (req, socket) => {
    applyClientAddress(req, trust);
    if (server.listenerCount("upgrade") === 1) socket.destroy();
  });
  return server;
}
