import { countTokens } from "@/lib/token-estimate";
import type { AnswerCut } from "./answer-cut";
import { trackStream } from "./draining-streams";
import { MESSAGES, sseErrorFrame } from "./errors";
import { answerTextOf } from "./moderation";
import { SseFrames } from "./sse-frames";
import type { UsageTracker } from "./usage-tracker";
import { logger } from "@/lib/log/logger.mjs";

export const STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform also stops Next's (and most proxies') compression, which would buffer the stream.
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
};

export interface RelayOptions {
  upstream: Response;
  /** Aborts the upstream request (remote fetch); the body reader is cancelled as well. */
  abortUpstream: () => void;
  clientSignal: AbortSignal;
  tracker: UsageTracker;
  /** Max silence from the upstream (Dify pings every 10 s). */
  idleTimeoutMs: number;
  /** After the browser left: how long to keep reading for the task id (to stop it) and the final usage. */
  drainMs: number;
  /**
   * The stream named its task. The event naming it reaches the browser only once this settles: a
   * stop the browser sends for that task, to whichever process, finds its owner recorded.
   */
  onTaskStarted: (taskId: string) => Promise<void> | void;
  /** The browser left before the answer ended: stop the upstream task. */
  onAbandoned: (taskId: string) => void;
  /**
   * Called exactly once, when the relay is over (answer complete, cut, or drained after a disconnect).
   * The browser's stream is closed only once it settles: the call is accounted for by then.
   */
  onFinish: () => Promise<void> | void;
  /** Content safety: checks the answer as it streams; a hit ends it with the notice (answer-cut.ts). */
  answerCut?: AnswerCut;
}

const encoder = new TextEncoder();
const decoder = () => new TextDecoder();
const IDLE = Symbol("idle");

/**
 * Relays an upstream SSE body to the browser as it arrives: whole frames, no buffering beyond one
 * chunk (a pull gate gives back-pressure), usage tracked on the side. Failures after the first byte
 * become one final SSE `error` event with a Chinese message.
 */
export function relayEventStream(options: RelayOptions): Response {
  const { tracker } = options;
  const reader = options.upstream.body!.getReader();
  const text = decoder();
  const frames = new SseFrames();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let resume: (() => void) | undefined;
  let clientGone = false;
  let drainDeadline = Infinity;
  let stopRequested = false;
  let announcedTask = false;
  let taskRecorded: Promise<void> | undefined;
  // A graceful restart ending the answer: what was generated so far is billed (estimated from its text).
  let shuttingDown = false;
  let generated = "";
  let relayOver!: () => void;
  const over = new Promise<void>((resolve) => (relayOver = resolve));
  const untrack = trackStream({
    end: () => {
      shuttingDown = true;
      options.abortUpstream();
      reader.cancel().catch(() => undefined);
      resume?.();
      return over;
    },
  });
  const shutdownEnd = () => {
    const unfinished = !tracker.ended;
    if (unfinished) tracker.cutShort({ promptTokens: 0, completionTokens: countTokens(generated), totalTokens: countTokens(generated), estimated: true });
    return { out: unfinished ? sseErrorFrame(503, "server_restarting", MESSAGES.restarting) : "", close: true };
  };

  const stopUpstream = () => {
    options.abortUpstream();
    reader.cancel().catch(() => undefined);
  };
  /** The answer failed the content check: the upstream (and its task) stopped, the notice ends the stream. */
  const cutAnswer = (frames: string) => {
    const taskId = tracker.taskId;
    stopUpstream();
    if (taskId && !stopRequested) {
      stopRequested = true;
      options.onAbandoned(taskId);
    }
    return { out: frames, close: true };
  };
  const maybeStopTask = () => {
    if (clientGone && !stopRequested && !tracker.ended && tracker.taskId) {
      stopRequested = true;
      options.onAbandoned(tracker.taskId);
    }
  };
  // One timer for the whole relay, pushed back at each read (a timer and a promise per read were a
  // measurable share of the proxy's CPU with hundreds of streams). When it fires during a read,
  // cancelling the reader ends that read, and `step` sees that the upstream went silent; a browser
  // slow to take what was sent (back-pressure, no read pending) is not the upstream's silence.
  let silent = false;
  let reading = false;
  const onSilence = () => {
    if (!reading) return;
    silent = true;
    reader.cancel().catch(() => undefined);
  };
  let silenceTimer = setTimeout(onSilence, options.idleTimeoutMs);
  const onClientGone = () => {
    if (clientGone) return;
    clientGone = true;
    drainDeadline = Date.now() + options.drainMs;
    // From now on the limit is the drain deadline, however lively the upstream is.
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(onSilence, options.drainMs);
    maybeStopTask();
    resume?.();
  };
  options.clientSignal.addEventListener("abort", onClientGone, { once: true });
  // The browser may have left while the headers were on their way: read on for the task id anyway.
  if (options.clientSignal.aborted) onClientGone();

  const observe = (events: Record<string, unknown>[]) => {
    for (const event of events) {
      tracker.observe(event);
      generated += answerTextOf(event);
      if (!announcedTask && tracker.taskId) {
        announcedTask = true;
        taskRecorded = Promise.resolve(options.onTaskStarted(tracker.taskId)).catch((error: unknown) =>
          logger().error({ err: error }, "[ai-apps proxy] 无法记录任务的所有者"),
        );
      }
    }
    maybeStopTask();
  };

  const read = async (): Promise<ReadableStreamReadResult<Uint8Array> | typeof IDLE> => {
    reading = true;
    if (!clientGone) silenceTimer.refresh();
    try {
      const result = await reader.read();
      return silent ? IDLE : result;
    } finally {
      reading = false;
    }
  };

  /** One upstream chunk → bytes for the browser, and whether the relay is over. */
  const step = async (): Promise<{ out: string; close: boolean }> => {
    let result: ReadableStreamReadResult<Uint8Array> | typeof IDLE;
    try {
      result = await read();
    } catch {
      if (shuttingDown) return shutdownEnd();
      stopUpstream();
      return { out: tracker.ended ? "" : sseErrorFrame(502, "upstream_disconnected", MESSAGES.cut), close: true };
    }
    if (shuttingDown) return shutdownEnd();
    if (result === IDLE) {
      stopUpstream();
      return { out: clientGone ? "" : sseErrorFrame(504, "upstream_timeout", MESSAGES.idle), close: true };
    }
    if (result.done) {
      const tail = frames.push(text.decode());
      const out = tail.text;
      if (tail.kind === "frames") observe(tail.events);
      const cut = await options.answerCut?.inspect(tail.kind === "frames" ? tail.events : [], true, tracker);
      if (cut) return cutAnswer(cut);
      // Closed without a terminal event, or mid-frame: the answer is incomplete.
      if (!tracker.ended || frames.leftover) return { out: out + sseErrorFrame(502, "upstream_disconnected", MESSAGES.cut), close: true };
      return { out, close: true };
    }
    const pushed = frames.push(text.decode(result.value, { stream: true }));
    observe(pushed.events);
    if (pushed.kind === "malformed") {
      stopUpstream();
      return { out: pushed.text + sseErrorFrame(502, "invalid_stream", MESSAGES.badUpstream), close: true };
    }
    const cut = await options.answerCut?.inspect(pushed.events, pushed.end, tracker);
    if (cut) return cutAnswer(cut);
    if (pushed.end) stopUpstream();
    return { out: pushed.text, close: pushed.end };
  };

  let finished: Promise<void> | undefined;
  const finish = () => (finished ??= Promise.resolve(options.onFinish()).catch((error: unknown) => logger().error({ err: error }, "[ai-apps proxy] relay finish failed")));

  const pump = async () => {
    try {
      for (;;) {
        if (!clientGone && (controller.desiredSize ?? 1) <= 0) await new Promise<void>((resolve) => (resume = resolve));
        if (clientGone && Date.now() >= drainDeadline) {
          stopUpstream();
          break;
        }
        const { out, close } = await step();
        if (taskRecorded) {
          await taskRecorded;
          taskRecorded = undefined;
        }
        if (!clientGone && out) {
          try {
            controller.enqueue(encoder.encode(out));
          } catch {
            onClientGone();
          }
        }
        if (close) {
          await finish();
          if (!clientGone) controller.close();
          break;
        }
      }
    } catch (error) {
      logger().error({ err: error }, "[ai-apps proxy] relay failed");
      stopUpstream();
      try {
        controller.error(error);
      } catch {
        // already closed
      }
    } finally {
      clearTimeout(silenceTimer);
      options.clientSignal.removeEventListener("abort", onClientGone);
      await finish();
      untrack();
      relayOver();
    }
  };

  const body = new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
        void pump();
      },
      pull() {
        resume?.();
        resume = undefined;
      },
      cancel() {
        onClientGone();
      },
    },
    { highWaterMark: 1 },
  );
  return new Response(body, { status: 200, headers: STREAM_HEADERS });
}
