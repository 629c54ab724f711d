import type { Hono } from "hono";
import { createDemoDifyServer } from "@/embedded/dify";
import { createDemoModelProvider } from "@/embedded/model-provider";
import { createModelAppServer, type ModelAppServer } from "@/features/ai-models/server";
import { UsageBatcher, usageRow } from "@/features/metering/server";
import type { Database } from "@/lib/db/types";
import type { NewAiUsageEvent } from "@/lib/db/schema/ai-usage";
import { appRateLimitStore } from "@/lib/rate-limit";
import { APPID_PATTERN } from "../../types";
import type { AiApp } from "../registry";
import { AnswerCut } from "./answer-cut";
import { AppCache } from "./app-cache";
import { resolveEndpoint, type Endpoint } from "./endpoints";
import { jsonError, MESSAGES } from "./errors";
import { createForwarder, type ProxyTimeouts } from "./forward";
import { reviewHistory } from "./history-review";
import { releaseRequestBody } from "./limited-body";
import { questionTexts, type ProxyModeration } from "./moderation";
import { RunningTasks } from "./running-tasks";
import { ParametersCache } from "./uploads";
import { createUpstreamCaller, type UpstreamCaller } from "./upstream";
import { prepareUpstreamRequest } from "./upstream-request";
import { logger } from "@/lib/log/logger.mjs";

export type { ProxyTimeouts };

export interface DifyProxyContext {
  /** The catch-all segments after `/api/ai/dify/`. */
  path: string[];
  /** The signed-in user's id, or null. */
  userId: string | null;
  /** The developer API key the call came with (`/v1`), recorded on the usage row. */
  apiKeyId?: string | null;
  /** A `/v1` call's request id, on the usage row too (its 调用日志 row finds its tokens by it). */
  requestId?: string | null;
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
  /** Content safety: the question checked before admission, the streamed answer while relayed. */
  moderation?: ProxyModeration;
  beforeForward?: (input: BeforeForwardInput) => Promise<Response | ForwardReservation | void> | Response | ForwardReservation | void;
}

export interface ForwardReservation {
  /** `usage`: the call's stored usage row (a call paid from the balance is charged for it); none when it failed. */
  settle: (usage?: NewAiUsageEvent) => Promise<void>;
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
    const settled = work.catch((error: unknown) => logger().error({ err: error }, "[ai-apps proxy] 后台任务失败"));
    pending.add(settled);
    void settled.finally(() => pending.delete(settled));
  };
  const forward = createForwarder({
    callUpstream,
    timeouts,
    track,
    recordUsage: (tracker, record) => {
      const row = usageRow(tracker, record);
      return row ? usage.add(row).then(() => row) : Promise.resolve(undefined);
    },
  });

  /** The endpoint and the app the call names, within the endpoint's rate limit; else the refusal. */
  const resolveCall = async (request: Request, path: string[], userId: string) => {
    const resolved = resolveEndpoint(request.method, path);
    if ("error" in resolved) return resolved.error === "not_found" ? jsonError(404, MESSAGES.endpointNotFound) : jsonError(405, MESSAGES.methodNotAllowed);
    const { endpoint } = resolved;
    // The app is named by `?appid=` on every call (one convention for all endpoints, GET and POST alike).
    const appid = new URL(request.url).searchParams.get("appid") ?? "";
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
    return { endpoint, appid, app, tasks };
  };

  /** Session → endpoint and app → upstream request → admission → upstream, relay and usage (forward.ts). */
  const handle = async (request: Request, ctx: DifyProxyContext): Promise<Response> => {
    const started = Date.now();
    // The route resolved the session: the proxy serves a signed-in user only.
    const userId = ctx.userId;
    if (!userId) return jsonError(401, MESSAGES.unauthenticated);
    const call = await resolveCall(request, ctx.path, userId);
    if (call instanceof Response) return call;
    const { endpoint, appid, app, tasks } = call;

    const prepared = await prepareUpstreamRequest(request, { endpoint, app, userId, parameters, callUpstream });
    if (prepared instanceof Response) return prepared;
    if (endpoint.stopTask !== undefined) {
      if (!(await tasks.owns(endpoint.stopTask, userId, appid))) return jsonError(404, MESSAGES.taskNotFound);
      track(tasks.announceStop(endpoint.stopTask));
    }

    // Content safety before admission: a refused question reserves nothing and never reaches the upstream.
    const moderated = options.moderation && (endpoint.generation || endpoint.form === "upload") ? options.moderation : undefined;
    const texts = moderated ? questionTexts(prepared) : [];
    if (moderated && texts.length > 0) {
      const refusal = await moderated.checkQuestion({ app, userId, texts });
      if (refusal) return jsonError(400, refusal, { code: "content_filter" });
    }
    const onBlocked = (messageId: string) => track(moderated?.answerBlocked?.({ app, userId, messageId }) ?? Promise.resolve());
    const answerCut = moderated && endpoint.generation ? new AnswerCut(moderated.watchAnswer({ app, userId }), { kind: endpoint.generation, question: texts.join("\n"), onBlocked }) : undefined;
    // A cut answer is not read aloud either (the upstream still has its text).
    const readAloud = endpoint.name === "text-to-audio" && typeof prepared.body?.message_id === "string" ? prepared.body.message_id : undefined;
    if (readAloud && options.moderation?.blockedAmong && (await options.moderation.blockedAmong({ app, userId, messageIds: [readAloud] })).size > 0) {
      return jsonError(400, options.moderation.blockedNotice ?? "这条回答已被隐藏，不能朗读", { code: "content_filter" });
    }
    const history = options.moderation && endpoint.history;
    const review = history ? (body: unknown) => reviewHistory(history, body, { moderation: options.moderation!, app, userId }) : undefined;

    // Admission (quota, concurrent calls): a refusal, or a reservation to settle once the call is over.
    const hook = await options.beforeForward?.({ app, userId, endpoint, request, body: prepared.body });
    if (hook instanceof Response) return hook;
    // A reservation is settled only after the usage row is stored, so the call's tokens always count
    // (as reserved, then as used); every other way out of `forward` (errors, aborts) settles it at once.
    let settled: Promise<void> | undefined;
    let deferred = false;
    const settle = (recorded: Promise<NewAiUsageEvent | undefined> = Promise.resolve(undefined)): Promise<void> => {
      if (!settled) {
        const work = recorded.then(
          (row) => hook?.settle(row),
          async (error: unknown) => {
            await hook?.settle();
            throw error;
          },
        );
        track(work);
        settled = work.catch(() => undefined);
      }
      return settled;
    };
    try {
      const { upstream, streaming } = prepared;
      return await forward(request, { app, appid, userId, apiKeyId: ctx.apiKeyId ?? null, requestId: ctx.requestId ?? null, endpoint, upstream, streaming, started, settle, defer: () => (deferred = true), tasks, answerCut, reviewHistory: review });
    } finally {
      if (!deferred) void settle();
    }
  };

  return {
    async handle(request, ctx) {
      try {
        return await handle(request, ctx);
      } catch (error) {
        // Registry/database trouble: still answer in the API's shape, never an HTML error page.
        logger().error({ err: error }, "[ai-apps proxy] 调用失败");
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
