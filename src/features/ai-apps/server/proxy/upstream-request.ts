import { ApiRouteError, readOptionalJsonBody, UnstorableTextError } from "@/lib/api";
import type { AiApp } from "../registry";
import { prepareAudioForm } from "./audio-form";
import type { Endpoint } from "./endpoints";
import { jsonError, MESSAGES } from "./errors";
import { prepareUploadForm } from "./upload-form";
import type { ParametersCache } from "./uploads";
import type { UpstreamCaller, UpstreamRequest } from "./upstream";

export interface PreparedCall {
  upstream: Omit<UpstreamRequest, "signal">;
  /** The JSON body that goes up (validated, `user` set), for endpoints that take one. */
  body?: Record<string, unknown>;
  /** The browser asked for a stream (`response_mode: "streaming"`). */
  streaming: boolean;
}

interface PrepareContext {
  endpoint: Endpoint;
  app: AiApp;
  userId: string;
  parameters: ParametersCache;
  callUpstream: UpstreamCaller;
}

/**
 * The upstream request for the browser's call, `user` written where the endpoint says Dify reads it:
 * the query's allowed keys, the JSON body (validated, then the endpoint's own `prepare`) or the
 * multipart form (an upload checked against the app's rules, or a recording). A Response: refused.
 */
export async function prepareUpstreamRequest(request: Request, { endpoint, app, userId, parameters, callUpstream }: PrepareContext): Promise<PreparedCall | Response> {
  const upstream: Omit<UpstreamRequest, "signal"> = { method: endpoint.upstreamMethod, path: endpoint.upstreamPath };
  if (endpoint.userIn === "query") {
    const url = new URL(request.url);
    const query = new URLSearchParams();
    for (const key of endpoint.query ?? []) {
      const value = url.searchParams.get(key);
      if (value !== null) query.set(key, value);
    }
    query.set("user", userId);
    upstream.query = query;
  }
  let streaming = false;
  let body: Record<string, unknown> | undefined;
  if (endpoint.body) {
    let raw: unknown;
    try {
      raw = await readOptionalJsonBody(request);
    } catch (error) {
      // A body that is not JSON by its type (415) is refused as the other API routes refuse it.
      if (error instanceof ApiRouteError && error.statusCode === 415) return jsonError(415, error.message);
      if (error instanceof UnstorableTextError) return jsonError(400, error.message);
      return jsonError(400, MESSAGES.invalidJson);
    }
    const parsed = endpoint.body.safeParse(raw);
    if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? "请求参数有误");
    const json: Record<string, unknown> = { ...parsed.data, user: userId };
    const refused = await endpoint.prepare?.({ json, upstream, app, userId, signal: request.signal, callUpstream });
    if (refused) return refused;
    streaming = json.response_mode === "streaming";
    upstream.json = body = json;
  }
  if (endpoint.userIn === "form") {
    const form = endpoint.form === "audio" ? await prepareAudioForm(request, userId) : await prepareUploadForm(request, app, userId, parameters);
    if (form instanceof Response) return form;
    upstream.form = form;
  }
  return { upstream, body, streaming };
}
