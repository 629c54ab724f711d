/**
 * Dify-style SSE (reference §6.1): `data: <json>\n\n` per event, a bare `event: ping\n\n` as
 * keep-alive. Production stops when the reader goes away, so a disconnect never leaks a timer loop.
 */
export interface SseTiming {
  /** Delay between streamed chunks. */
  paceMs: number;
  /** Idle time after which a `ping` is sent (Dify: 10 s). */
  pingIntervalMs: number;
}

export interface SseWriter {
  send(event: Record<string, unknown>): void;
  /** Waits `paceMs` (unless stopped or closed). */
  pace(): Promise<void>;
  /** Stays silent for `ms`, sending pings through the gap. */
  idle(ms: number): Promise<void>;
  /** True once the client went away or the stream was finished. */
  readonly closed: boolean;
}

const encoder = new TextEncoder();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache",
  Connection: "keep-alive",
};

export function sseResponse(timing: SseTiming, produce: (writer: SseWriter) => Promise<void>): Response {
  let closed = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          closed = true;
        }
      };
      const writer: SseWriter = {
        send: (event) => write(`data: ${JSON.stringify(event)}\n\n`),
        pace: () => (closed ? Promise.resolve() : sleep(timing.paceMs)),
        async idle(ms) {
          let left = ms;
          while (left > 0 && !closed) {
            const step = Math.min(left, timing.pingIntervalMs);
            await sleep(step);
            left -= step;
            if (step === timing.pingIntervalMs) write("event: ping\n\n");
          }
        },
        get closed() {
          return closed;
        },
      };
      void produce(writer)
        .catch((error: unknown) => {
          write(`data: ${JSON.stringify({ event: "error", status: 500, code: "internal_server_error", message: String(error) })}\n\n`);
        })
        .finally(() => {
          if (closed) return;
          closed = true;
          try {
            controller.close();
          } catch {
            // already cancelled by the reader
          }
        });
    },
    cancel() {
      closed = true;
    },
  });
  return new Response(stream, { status: 200, headers: SSE_HEADERS });
}

/** Stop flags for running tasks (Dify keeps them in Redis; one process is enough for the demo). */
export class StopFlags {
  private readonly stopped = new Set<string>();
  stop(taskId: string): void {
    this.stopped.add(taskId);
    // Forget the flag later so the set stays bounded.
    setTimeout(() => this.stopped.delete(taskId), 60_000).unref?.();
  }
  isStopped(taskId: string): boolean {
    return this.stopped.has(taskId);
  }
}
