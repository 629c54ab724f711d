// @ts-check
/**
 * server.mjs's side of the fast lane (src/features/fast-lane): requests the lane serves go to it as
 * Web Requests through @hono/node-server's listener, everything else to Next.js. The lane is put on
 * globalThis by the app's start-up (it lives in Next.js's server bundle); until then, and under
 * `next dev`, Next.js answers everything.
 */
import { getRequestListener } from "@hono/node-server";

/** @typedef {import("./hardened-server.mjs").Handler} Handler */
/** @typedef {{ serves: (method: string, pathname: string) => boolean, answer: (request: Request) => Promise<Response> }} FastLane */

const FAST_LANE_KEY = Symbol.for("sparkai.fast-lane");

/** @returns {FastLane | undefined} */
function openLane() {
  return /** @type {Record<symbol, FastLane | undefined>} */ (/** @type {unknown} */ (globalThis))[FAST_LANE_KEY];
}

/**
 * The path as the Request the lane gets will have it (dot segments resolved), or undefined for a
 * URL that does not parse (Next.js answers those).
 * @param {string | undefined} url
 */
function pathnameOf(url) {
  try {
    return new URL(url ?? "/", "http://localhost").pathname;
  } catch {
    return undefined;
  }
}

/**
 * The same request as an instance of the process's own Request class. @hono/node-server hands over a
 * lightweight stand-in that `new Request(it, init)` cannot copy (the auth service's body limit
 * re-wraps requests so), unless its listener replaces the global classes, which Next.js uses too.
 * @param {Request} request
 */
function standardRequest(request) {
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : null,
    signal: request.signal,
    // @ts-expect-error `duplex` (required for a streamed body) is missing from the DOM lib's RequestInit.
    duplex: "half",
  });
}

/**
 * @param {Handler} nextHandler what answers everything the lane does not
 * @returns {Handler}
 */
export function withFastLane(nextHandler) {
  // overrideGlobalObjects: false — the listener must not swap the process's Request / Response
  // classes, which Next.js uses too.
  const laneListener = getRequestListener((request) => openLane()?.answer(standardRequest(request)) ?? new Response(null, { status: 503 }), {
    overrideGlobalObjects: false,
  });
  return (req, res) => {
    const lane = openLane();
    const pathname = pathnameOf(req.url);
    if (lane && pathname !== undefined && lane.serves(req.method ?? "GET", pathname)) return laneListener(req, res);
    return nextHandler(req, res);
  };
}
