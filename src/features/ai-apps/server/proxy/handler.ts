import type { Hono } from "hono";
import { createDemoDifyServer } from "@/embedded/dify";
import { createDemoModelProvider } from "@/embedded/model-provider";
import { createModelAppServer, type ModelAppServer } from "@/features/ai-models/server";
import { ApiRouteError, readOptionalJsonBody, UnstorableTextError } from "@/lib/api";
import type { Database } from "@/lib/db/types";
import { appRateLimitStore } from "@/lib/rate-limit";
import { APPID_PATTERN } from "../../types";
import type { AiApp } from "../registry";
import { AppCache } from "./app-cache";
import { relayAudio } from "./audio-answer";
import { prepareAudioForm } from "./audio-form";
import { resolveEndpoint, stopPathFor, type Endpoint, type GenerationKind } from "./endpoints";
import { jsonError, mapUpstreamError, MESSAGES } from "./errors";
import { checkOwnMessage } from "./message-owner";
import { relayEventStream } from "./relay";
import { RunningTasks } from "./running-tasks";
import { publicParameters } from "./public-parameters";
import { releaseRequestBody } from "./limited-body";
import { prepareUploadForm } from "./upload-form";
import { ParametersCache } from "./uploads";
import { createUpstreamCaller, type UpstreamCaller, type UpstreamRequest } from "./upstream";
import { UsageBatcher, usageRow, type UsageRecord } from "@/features/metering/server";
import { UsageTracker } from "./usage-tracker";

export interface DifyProxyContext {
  /** The catch-all segments after `/api/ai/dify/`. */
  path: string[];
  /** The signed-in user's id, or null. */
  userId: string | null;
  /** The developer API key the call came with (`/v1`), recorded on the usage row. */
  apiKeyId?: string | null;
}

export interface BeforeForwardInput {
  app: AiApp;
  userId: string;
  endpoint: Endpoint;
  request: Request;
  /** The JSON body the call forwards (validated, with `user` set), for calls that have one. */
  body?: Record<string, unknown>;
}

export interface DifyProxyOptions {
  database: () => Promise<Database>;
  /** Pace of the embedded demo apps (ms between chunks). */
  demoPaceMs?: number;
  fetch?: typeof fetch;
  timeouts?: Partial<ProxyTimeouts>;
  /**
   * Seam for quotas: return a Response to answer instead of forwarding, or a reservation whose
   * `settle` the proxy calls exactly once when the call is over (after its usage row is written, or
   * at once when it failed, was refused upstream or aborted).
   */
  beforeForward?: (input: BeforeForwardInput) => Promise<Response | ForwardReservation | void> | Response | ForwardReservation | void;
}

export interface ForwardReservation {
  settle: () => Promise<void>;
}

export interface ProxyTimeouts {
  /** Until the upstream's response headers arrive (streaming calls). */
  headersMs: number;
  /** A whole blocking call, body included. */
  blockingMs: number;
  /** Longest silence inside a stream (Dify pings every 10 s). */
  idleMs: number;
  /** After the browser left: how long to keep the upstream for the task id (to stop it) and the final usage. */
  drainMs: number;
}

const DEFAULT_TIMEOUTS: ProxyTimeouts = { headersMs: 30_000, blockingMs: 150_000, idleMs: 60_000, drainMs: 5_000 };

export interface DifyProxy {
  handle(request: Request, ctx: DifyProxyContext): Promise<Response>;
  /** Resolves when background work (usage rows, stop calls, relays) has settled — for tests. */
  idle(): Promise<void>;
  /**
   * The upstream client the proxy forwards with (embedded demo servers in-process, else fetch), for
   * the console's 连接测试: the same path to Dify as a user's call, without a user.
   */
  callUpstream: UpstreamCaller;
}

class UpstreamTimeout extends Error {}

export function createDifyProxy(options: DifyProxyOptions): DifyProxy {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  let embedded: Promise<Pick<Hono, "fetch">> | undefined;
  let models: Promise<ModelAppServer> | undefined;
  let provider: Pick<Hono, "fetch"> | undefined;
  const demoProvider = async () => (provider ??= createDemoModelProvider({ paceMs: options.demoPaceMs }));
  const callUpstream = createUpstreamCaller({
    fetch: options.fetch,
    embedded: () => (embedded ??= options.database().then((db) => createDemoDifyServer({ db, paceMs: options.demoPaceMs }))),
    models: () => (models ??= options.database().then((db) => createModelAppServer({ db, embedded: demoProvider, fetch: options.fetch }))),
  });
  // Both need the database, which opens on the first call; both listen to the other processes.
  let shared: { apps: AppCache; tasks: RunningTasks } | undefined;
  const sharedState = async (db: Database) => {
    if (!shared) shared = { apps: new AppCache(db, () => parameters.clear()), tasks: new RunningTasks(db) };
    await Promise.all([shared.apps.listen(), shared.tasks.listen()]);
    return shared;
  };
  const parameters = new ParametersCache(callUpstream);
  const usage = new UsageBatcher(options.database);
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const settled = work.catch((error: unknown) => console.error("[ai-apps proxy]", error));
    pending.add(settled);
    void settled.finally(() => pending.delete(settled));
  };

  /** Writes the answer's usage row (batched); resolves once it is stored (or there was none). */
  const recordUsage = (tracker: UsageTracker, record: UsageRecord): Promise<void> => {
    const row = usageRow(tracker, record);
    return row ? usage.add(row) : Promise.resolve();
  };

  const stopTask = async (app: AiApp, kind: GenerationKind, taskId: string, userId: string) => {
    const response = await callUpstream(app, { method: "POST", path: stopPathFor(kind, taskId), json: { user: userId }, signal: AbortSignal.timeout(10_000) });
    await response.body?.cancel();
  };

  /**
   * Calls the upstream; the timer covers the headers (streams) or the whole call (blocking). When the
   * browser leaves before a stream's headers, the call is kept for up to `graceMs`: Dify keeps
   * generating after a plain abort, and the task id needed to stop it only comes with the first event.
   */
  const send = (app: AiApp, request: Omit<UpstreamRequest, "signal">, clientSignal: AbortSignal, limitMs: number, graceMs = 0) => {
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
    /** What is left of the grace period (all of it while the browser is still there). */
    const graceLeft = () => (abandonedAt === undefined ? graceMs : Math.max(0, abandonedAt + graceMs - Date.now()));
    return { controller, timeout, done, graceLeft, response: Promise.race([callUpstream(app, { ...request, signal: controller.signal }), timeout]) };
  };

  const handle = async (request: Request, ctx: DifyProxyContext): Promise<Response> => {
    const started = Date.now();
    const userId = ctx.userId;
    if (!userId) return jsonError(401, MESSAGES.unauthenticated);
    const resolved = resolveEndpoint(request.method, ctx.path);
    if ("error" in resolved) return resolved.error === "not_found" ? jsonError(404, MESSAGES.endpointNotFound) : jsonError(405, MESSAGES.methodNotAllowed);
    const { endpoint } = resolved;

    // The app is named by `?appid=` on every call (one convention for all endpoints, GET and POST alike).
    const url = new URL(request.url);
    const appid = url.searchParams.get("appid") ?? "";
    if (!APPID_PATTERN.test(appid)) return jsonError(404, MESSAGES.appNotFound);
    const db = await options.database();
    const { apps, tasks } = await sharedState(db);
    const app = await apps.get(appid);
    if (!app) return jsonError(404, MESSAGES.appNotFound);
    if (!endpoint.kinds.includes(app.kind)) return jsonError(400, MESSAGES.wrongKind);
    if (endpoint.rateLimit) {
      // Counted before the body is read, so a flood of large recordings is refused cheaply too.
      const [calls = 0] = await appRateLimitStore(db).increment([`${endpoint.rateLimit.name}:${userId}`], 60_000);
      if (calls > endpoint.rateLimit.perMinute) return jsonError(429, endpoint.rateLimit.message, { headers: { "Retry-After": "60" } });
    }

    const upstream: Omit<UpstreamRequest, "signal"> = { method: endpoint.upstreamMethod, path: endpoint.upstreamPath };
    if (endpoint.userIn === "query") {
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
      if (endpoint.name === "message-feedbacks") {
        upstream.path = `/messages/${encodeURIComponent(String(json.message_id))}/feedbacks`;
        delete json.message_id;
      }
      if (endpoint.name === "text-to-audio") {
        // Dify reads a message by id whoever owns it: only a message of the user's conversation goes up.
        const { conversation_id: conversationId, message_id: messageId } = json;
        delete json.conversation_id;
        if (typeof messageId === "string" && typeof conversationId === "string") {
          const refused = await checkOwnMessage(callUpstream, app, userId, { conversationId, messageId }, request.signal);
          if (refused) return refused;
        }
      }
      streaming = json.response_mode === "streaming";
      upstream.json = body = json;
    }
    if (endpoint.stopTask !== undefined) {
      if (!(await tasks.owns(endpoint.stopTask, userId, appid))) return jsonError(404, MESSAGES.taskNotFound);
      track(tasks.announceStop(endpoint.stopTask));
    }
    if (endpoint.userIn === "form") {
      const form = endpoint.form === "audio" ? await prepareAudioForm(request, userId) : await prepareUploadForm(request, app, userId, parameters);
      if (form instanceof Response) return form;
      upstream.form = form;
    }

    const hook = await options.beforeForward?.({ app, userId, endpoint, request, body });
    if (hook instanceof Response) return hook;
    // A reservation is settled only after the usage row is stored, so the call's tokens always count
    // (as reserved, then as used); every other way out of `forward` (errors, aborts) settles it at once.
    let settled: Promise<void> | undefined;
    let deferred = false;
    const settle = (recorded: Promise<void> = Promise.resolve()): Promise<void> => {
      if (!settled) {
        const work = recorded.finally(() => hook?.settle());
        track(work);
        settled = work.catch(() => undefined);
      }
      return settled;
    };
    try {
      return await forward(request, { app, appid, userId, apiKeyId: ctx.apiKeyId ?? null, endpoint, upstream, streaming, started, settle, defer: () => (deferred = true), tasks });
    } finally {
      if (!deferred) void settle();
    }
  };

  type ForwardInput = {
    app: AiApp;
    appid: string;
    userId: string;
    apiKeyId: string | null;
    endpoint: Endpoint;
    upstream: Omit<UpstreamRequest, "signal">;
    streaming: boolean;
    started: number;
    /**
     * Hands the reservation over to be settled when `recorded` resolves; resolves once it is (never
     * rejects). The answer ends only then, so a client that waits for the end of one call before
     * making the next finds its concurrent-call slot free.
     */
    settle: (recorded?: Promise<void>) => Promise<void>;
    /** A stream was handed to the relay: its end settles the reservation, not the return of `forward`. */
    defer: () => void;
    tasks: RunningTasks;
  };

  const forward = async (request: Request, { app, appid, userId, apiKeyId, endpoint, upstream, streaming, started, settle, defer, tasks }: ForwardInput): Promise<Response> => {

    const call = streaming ? send(app, upstream, request.signal, timeouts.headersMs, timeouts.drainMs) : send(app, upstream, request.signal, timeouts.blockingMs);
    let response: Response;
    try {
      response = await call.response;
    } catch (error) {
      call.done();
      if (error instanceof UpstreamTimeout) return jsonError(504, MESSAGES.timeout);
      if (request.signal.aborted) return jsonError(499, "请求已取消");
      return jsonError(502, MESSAGES.unreachable);
    }
    if (!response.ok) {
      call.done();
      return mapUpstreamError(response);
    }

    if (endpoint.audioAnswer) return relayAudio(response, call.done);

    const contentType = response.headers.get("content-type") ?? "";
    if (contentType.includes("text/event-stream") && response.body) {
      call.done();
      const drainMs = call.graceLeft();
      const kind = endpoint.generation ?? app.kind;
      const tracker = new UsageTracker();
      let finishRelay!: () => void;
      track(new Promise<void>((resolve) => (finishRelay = resolve)));
      defer();
      return relayEventStream({
        upstream: response,
        abortUpstream: () => call.controller.abort(),
        clientSignal: request.signal,
        tracker,
        idleTimeoutMs: timeouts.idleMs,
        drainMs,
        onTaskStarted: (taskId) => tasks.started(taskId, { userId, appid }, () => track(stopTask(app, kind, taskId, userId))),
        onAbandoned: (taskId) => track(stopTask(app, kind, taskId, userId)),
        onFinish: async () => {
          tasks.ended(tracker.taskId);
          await settle(endpoint.generation ? recordUsage(tracker, { appid, userId, apiKeyId, kind, latencyMs: Date.now() - started }) : undefined);
          finishRelay();
        },
      });
    }

    if (response.status === 204 || !response.body) {
      call.done();
      return new Response(null, { status: response.status });
    }
    let text: string;
    try {
      text = await Promise.race([response.text(), call.timeout]);
    } catch (error) {
      return jsonError(error instanceof UpstreamTimeout ? 504 : 502, error instanceof UpstreamTimeout ? MESSAGES.timeout : MESSAGES.cut);
    } finally {
      call.done();
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return jsonError(502, MESSAGES.badUpstream);
    }
    if (endpoint.generation && body && typeof body === "object") {
      const tracker = new UsageTracker();
      tracker.observeBlocking(body as Record<string, unknown>);
      await settle(recordUsage(tracker, { appid, userId, apiKeyId, kind: endpoint.generation, latencyMs: Date.now() - started }));
    }
    const answer = endpoint.name === "parameters" && response.ok ? JSON.stringify(publicParameters(body)) : text;
    return new Response(answer, { status: response.status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } });
  };

  return {
    async handle(request, ctx) {
      try {
        return await handle(request, ctx);
      } catch (error) {
        // Registry/database trouble: still answer in the API's shape, never an HTML error page.
        console.error("[ai-apps proxy]", error);
        return jsonError(500, "服务暂时不可用，请稍后重试");
      } finally {
        // An upload's bytes went upstream (or were refused): they no longer count against the budget.
        releaseRequestBody(request);
      }
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    callUpstream,
  };
}
