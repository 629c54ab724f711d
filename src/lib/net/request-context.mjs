// @ts-check
/**
 * The request a piece of server code runs for: its id, for every log line and for the calls it
 * makes upstream (X-Request-Id). The HTTP server (hardened-server.mjs) decides the id and runs the
 * handler inside this context; an AsyncLocalStorage follows the request through every await, into
 * Next.js's bundles too (the store is on globalThis, so every module copy reads the same one).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/** @typedef {{ requestId: string }} RequestContext */

const STORE_KEY = Symbol.for("sparkai.request-context");
const holder = /** @type {Record<symbol, AsyncLocalStorage<RequestContext> | undefined>} */ (/** @type {unknown} */ (globalThis));
const storage = (holder[STORE_KEY] ??= new AsyncLocalStorage());

/** An id a proxy may hand us: short, printable, nothing that could forge a log line. */
const ACCEPTABLE_ID = /^[\w.:@-]{8,128}$/;

/**
 * The id for a request: the one a trusted proxy sent (so the proxy's logs and ours meet), else a new
 * one. A client's own X-Request-Id is not trusted: it could tie its requests to someone else's.
 * @param {string | string[] | undefined} claimed the request's X-Request-Id header
 * @param {boolean} viaTrustedProxy
 */
export function decideRequestId(claimed, viaTrustedProxy) {
  const text = Array.isArray(claimed) ? claimed[0] : claimed;
  return viaTrustedProxy && text && ACCEPTABLE_ID.test(text) ? text : randomUUID();
}

/**
 * @template T
 * @param {RequestContext} context
 * @param {() => T} work
 * @returns {T}
 */
export function runInRequestContext(context, work) {
  return storage.run(context, work);
}

/** The id of the request this code runs for, if any. */
export function currentRequestId() {
  return storage.getStore()?.requestId;
}

/**
 * Passes the request's id on to an upstream service (Dify, a model provider), so its logs and ours
 * can be matched. @param {Headers} headers
 */
export function forwardRequestId(headers) {
  const requestId = currentRequestId();
  if (requestId) headers.set("X-Request-Id", requestId);
}
