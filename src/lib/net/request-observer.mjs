// @ts-check
/**
 * The HTTP server's report of each answered request (server.mjs: every request, the fast lane's
 * and Next.js's alike), for the app's metrics. The app installs the observer at start-up
 * (src/features/observability); server.mjs and the observer meet on globalThis, since the app lives
 * in Next.js's bundles and server.mjs outside them. Without an observer nothing is measured.
 */

/** @typedef {{ method: string, url: string, status: number, seconds: number }} AnsweredRequest */
/** @typedef {(request: AnsweredRequest) => void} RequestObserver */

const OBSERVER_KEY = Symbol.for("sparkai.http.request-observer");
const holder = /** @type {Record<symbol, RequestObserver | undefined>} */ (/** @type {unknown} */ (globalThis));

/** @param {RequestObserver | undefined} observer */
export function setRequestObserver(observer) {
  holder[OBSERVER_KEY] = observer;
}

/**
 * Times one request until its answer ended or the client left (499 when it left before the headers).
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 */
export function observeRequest(req, res) {
  if (!holder[OBSERVER_KEY]) return;
  const started = process.hrtime.bigint();
  res.once("close", () => {
    const status = res.headersSent || res.writableFinished ? res.statusCode : 499;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    try {
      holder[OBSERVER_KEY]?.({ method: req.method ?? "GET", url: req.url ?? "/", status, seconds });
    } catch {
      // Metrics must never break serving.
    }
  });
}
