import type { NewAiUsageEvent } from "@/lib/db/schema/ai-usage";
import type { AiApp } from "../registry";
import { blockingAnswerText, replaceBlockingAnswer, type AnswerCut } from "./answer-cut";
import { relayAudio } from "./audio-answer";
import { stopPathFor, type Endpoint, type GenerationKind } from "./endpoints";
import { jsonError, mapUpstreamError, MESSAGES } from "./errors";
import { relayEventStream } from "./relay";
import type { RunningTasks } from "./running-tasks";
import { startUpstreamCall, UpstreamTimeout } from "./upstream-call";
import type { UpstreamCaller, UpstreamRequest } from "./upstream";
import { UsageTracker } from "./usage-tracker";

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

export interface ForwardInput {
  app: AiApp;
  appid: string;
  userId: string;
  apiKeyId: string | null;
  requestId: string | null;
  endpoint: Endpoint;
  upstream: Omit<UpstreamRequest, "signal">;
  streaming: boolean;
  started: number;
  /**
   * Hands the reservation over to be settled when `recorded` resolves; resolves once it is (never
   * rejects). The answer ends only then, so a client that waits for the end of one call before
   * making the next finds its concurrent-call slot free.
   */
  settle: (recorded?: Promise<NewAiUsageEvent | undefined>) => Promise<void>;
  /** A stream was handed to the relay: its end settles the reservation, not the return of `forward`. */
  defer: () => void;
  tasks: RunningTasks;
  /** Content safety on the streamed answer (set when the proxy has a moderation seam). */
  answerCut?: AnswerCut;
  /** Content safety on history read back (the endpoint's `history`): the answer as the browser may see it. */
  reviewHistory?: (body: unknown) => Promise<unknown>;
}

interface ForwarderDeps {
  callUpstream: UpstreamCaller;
  timeouts: ProxyTimeouts;
  /** Background work the proxy's `idle()` waits for. */
  track: (work: Promise<unknown>) => void;
  /** Writes the answer's usage row (batched); resolves with it once it is stored (undefined: there was none). */
  recordUsage: (tracker: UsageTracker, record: { appid: string; userId: string; apiKeyId: string | null; requestId: string | null; kind: GenerationKind; latencyMs: number }) => Promise<NewAiUsageEvent | undefined>;
}

/**
 * Forwards a prepared call and relays its answer: upstream failures in the API's shape, audio as
 * bytes, an event stream through the relay (its end records the usage row), a JSON answer whole
 * (a generation's usage recorded first; the endpoint's `publicAnswer` applied).
 */
export function createForwarder({ callUpstream, timeouts, track, recordUsage }: ForwarderDeps) {
  const stopTask = async (app: AiApp, kind: GenerationKind, taskId: string, userId: string) => {
    const response = await callUpstream(app, { method: "POST", path: stopPathFor(kind, taskId), json: { user: userId }, signal: AbortSignal.timeout(10_000) });
    await response.body?.cancel();
  };

  return async (request: Request, { app, appid, userId, apiKeyId, requestId, endpoint, upstream, streaming, started, settle, defer, tasks, answerCut, reviewHistory }: ForwardInput): Promise<Response> => {
    const call = streaming
      ? startUpstreamCall(callUpstream, app, upstream, request.signal, timeouts.headersMs, timeouts.drainMs)
      : startUpstreamCall(callUpstream, app, upstream, request.signal, timeouts.blockingMs);
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
        answerCut,
        onTaskStarted: (taskId) => tasks.started(taskId, { userId, appid }, () => track(stopTask(app, kind, taskId, userId))),
        onAbandoned: (taskId) => track(stopTask(app, kind, taskId, userId)),
        onFinish: async () => {
          tasks.ended(tracker.taskId);
          await settle(endpoint.generation ? recordUsage(tracker, { appid, userId, apiKeyId, requestId, kind, latencyMs: Date.now() - started }) : undefined);
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
      // Content safety on a blocking answer: the whole text checked, a hit replaced by the notice.
      const notice = answerCut ? await answerCut.checkWhole(blockingAnswerText(body as Record<string, unknown>), tracker) : undefined;
      if (notice) body = replaceBlockingAnswer(body as Record<string, unknown>, notice);
      await settle(recordUsage(tracker, { appid, userId, apiKeyId, requestId, kind: endpoint.generation, latencyMs: Date.now() - started }));
    }
    const reviewed = reviewHistory ? await reviewHistory(body) : body;
    const answer = endpoint.publicAnswer ? JSON.stringify(endpoint.publicAnswer(reviewed)) : answerCut || reviewed !== body ? JSON.stringify(reviewed) : text;
    return new Response(answer, { status: response.status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } });
  };
}
