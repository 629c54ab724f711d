import type { AiApp } from "../registry";
import type { UpstreamCaller, UpstreamRequest } from "./upstream";

/** The upstream did not answer in time (its headers for a stream, the whole call when blocking). */
export class UpstreamTimeout extends Error {}

export interface UpstreamCall {
  controller: AbortController;
  /** Rejects with UpstreamTimeout when the time is up (a blocking call's body read races it too). */
  timeout: Promise<never>;
  /** Stops the timers and stops following the browser's signal. */
  done: () => void;
  /** What is left of the grace period (all of it while the browser is still there). */
  graceLeft: () => number;
  response: Promise<Response>;
}

/**
 * Calls the upstream; the timer covers the headers (streams) or the whole call (blocking). When the
 * browser leaves before a stream's headers, the call is kept for up to `graceMs`: Dify keeps
 * generating after a plain abort, and the task id needed to stop it only comes with the first event.
 */
export function startUpstreamCall(callUpstream: UpstreamCaller, app: AiApp, request: Omit<UpstreamRequest, "signal">, clientSignal: AbortSignal, limitMs: number, graceMs = 0): UpstreamCall {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let graceTimer: ReturnType<typeof setTimeout> | undefined;
  let abandonedAt: number | undefined;
  const onClientAbort = () => {
    abandonedAt = Date.now();
    if (graceMs > 0) graceTimer = setTimeout(() => controller.abort(), graceMs);
    else controller.abort();
  };
  clientSignal.addEventListener("abort", onClientAbort, { once: true });
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new UpstreamTimeout());
    }, limitMs);
  });
  const done = () => {
    clearTimeout(timer);
    clearTimeout(graceTimer);
    clientSignal.removeEventListener("abort", onClientAbort);
  };
  timeout.catch(() => undefined);
  const graceLeft = () => (abandonedAt === undefined ? graceMs : Math.max(0, abandonedAt + graceMs - Date.now()));
  return { controller, timeout, done, graceLeft, response: Promise.race([callUpstream(app, { ...request, signal: controller.signal }), timeout]) };
}
