const encoder = new TextEncoder();

export interface ModelSse {
  send(event: Record<string, unknown>): void;
  close(): void;
}

/**
 * A Dify-style event stream (`data: <json>\n\n`, `event: ping` every `pingMs` of silence, as Dify
 * keeps proxies from closing an idle answer). `onCancel` runs when the reader goes away.
 */
export function modelSseResponse(produce: (sse: ModelSse) => Promise<void>, options: { pingMs?: number; onCancel: () => void }): Response {
  const pingMs = options.pingMs ?? 10_000;
  let closed = false;
  let lastWrite = Date.now();
  let ping: NodeJS.Timeout | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        if (closed) return;
        controller.enqueue(encoder.encode(text));
        lastWrite = Date.now();
      };
      // One timer per stream, not one per event: a chunk only notes when it was written.
      ping = setInterval(() => {
        if (Date.now() - lastWrite >= pingMs) write("event: ping\n\n");
      }, Math.max(1, Math.floor(pingMs / 4)));
      const sse: ModelSse = {
        send: (event) => write(`data: ${JSON.stringify(event)}\n\n`),
        close() {
          if (closed) return;
          closed = true;
          clearInterval(ping);
          controller.close();
        },
      };
      void produce(sse).finally(() => sse.close());
    },
    cancel() {
      closed = true;
      clearInterval(ping);
      options.onCancel();
    },
  });
  return new Response(stream, { headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache" } });
}
