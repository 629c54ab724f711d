import type { Hono } from "hono";
import type { ModelAppServer } from "@/features/ai-models/server";
import { forwardRequestId } from "@/lib/net/request-context.mjs";
import { EMBEDDED_DIFY_BASE_URL, EMBEDDED_MODELS_BASE_URL } from "../config";
import type { AiApp } from "../registry";

export interface UpstreamRequest {
  method: "GET" | "POST" | "DELETE";
  /** Dify path relative to `/v1`, e.g. `/chat-messages`. */
  path: string;
  query?: URLSearchParams;
  json?: unknown;
  form?: FormData;
  signal: AbortSignal;
  /** Fetch's redirect mode for a hosted upstream (default: follow); 连接测试 uses "manual". */
  redirect?: RequestRedirect;
}

export type UpstreamCaller = (app: AiApp, request: UpstreamRequest) => Promise<Response>;

type NextPatchedFetch = typeof fetch & { _nextOriginalFetch?: typeof fetch };

/**
 * Node's own fetch. Inside route handlers Next.js replaces the global fetch with a wrapper for its
 * data cache and tracing spans, which the proxy's calls (user-scoped, never cached) only pay for:
 * about half a millisecond of CPU per chat under load. Next keeps the original on the wrapper.
 */
const unpatchedFetch: typeof fetch = (input, init) => ((globalThis.fetch as NextPatchedFetch)._nextOriginalFetch ?? globalThis.fetch)(input, init);

/**
 * Calls an app's upstream with its secret key. `embedded:dify` runs the demo Hono app in-process
 * (`app.fetch`, no loopback HTTP), `embedded:models` the model server of model apps; anything else
 * is `fetch(baseUrl + path)`.
 */
export function createUpstreamCaller(options: {
  embedded: () => Promise<Pick<Hono, "fetch">>;
  models: () => Promise<ModelAppServer>;
  fetch?: typeof fetch;
}): UpstreamCaller {
  const doFetch = options.fetch ?? unpatchedFetch;
  return async (app, request) => {
    const search = request.query && [...request.query.keys()].length > 0 ? `?${request.query.toString()}` : "";
    const headers = new Headers({ Authorization: `Bearer ${app.upstreamSecretKey}`, Accept: "application/json, text/event-stream" });
    forwardRequestId(headers);
    let body: BodyInit | undefined;
    if (request.form) body = request.form; // fetch sets the multipart boundary itself
    else if (request.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(request.json);
    }
    const init: RequestInit = { method: request.method, headers, body, signal: request.signal, ...(request.redirect ? { redirect: request.redirect } : {}) };
    if (app.upstreamBaseUrl === EMBEDDED_MODELS_BASE_URL && app.modelSettings) {
      const server = await options.models();
      return server.fetch(new Request(`http://embedded-models.invalid${request.path}${search}`, init), { appid: app.appid, name: app.name, settings: app.modelSettings });
    }
    if (app.upstreamBaseUrl === EMBEDDED_DIFY_BASE_URL) {
      const server = await options.embedded();
      return server.fetch(new Request(`http://embedded-dify.invalid${request.path}${search}`, init));
    }
    return doFetch(`${app.upstreamBaseUrl}${request.path}${search}`, init);
  };
}
