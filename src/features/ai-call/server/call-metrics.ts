import type { BeforeForwardInput, DifyProxy } from "@/features/ai-apps/server";
import { appMetrics } from "@/features/observability/server";

/**
 * The AI call's metrics, taken around the process's one proxy: calls by app / model / outcome, the
 * first byte's and the whole answer's latency, upstream failures, streams in flight. Only generation
 * calls that reached admission count (a 404, a refused question, a conversation list are no AI call).
 */
type CallLabels = { app: string; model: string };

const admittedCalls = new WeakMap<Request, CallLabels>();

/** The model an app call will use: the requested one when the app offers it, else its default (Dify apps: "dify"). */
function modelOf({ app, body }: BeforeForwardInput): string {
  const settings = app.modelSettings;
  if (!settings) return "dify";
  const requested = typeof body?.model === "string" ? body.model : undefined;
  if (requested && settings.models.some((model) => model.id === requested)) return requested;
  return settings.defaultModel ?? settings.models[0]?.id ?? "unknown";
}

/** Admission is reached: from here on the call counts, whatever its outcome. */
export function noteGenerationCall(input: BeforeForwardInput): void {
  if (input.endpoint.generation) admittedCalls.set(input.request, { app: input.app.appid, model: modelOf(input) });
}

/** The proxy's own SSE error frame (ai-apps proxy errors.ts) or an upstream `error` event's code. */
const ERROR_EVENT = /"event":\s*"error"[^\n]*?"code":\s*"([\w.-]{1,64})"/;

const STREAM_FAILURES: Record<string, { outcome: string; kind: string }> = {
  upstream_timeout: { outcome: "timeout", kind: "timeout" },
  upstream_disconnected: { outcome: "upstream_error", kind: "stream_cut" },
  invalid_stream: { outcome: "upstream_error", kind: "invalid_stream" },
};

function outcomeOfStatus(status: number): { outcome: string; upstreamKind?: string } {
  if (status < 400) return { outcome: "ok" };
  if (status === 402 || status === 429 || status === 403) return { outcome: "refused" };
  if (status === 499) return { outcome: "cancelled" };
  if (status === 504) return { outcome: "timeout", upstreamKind: "timeout" };
  if (status >= 500) return { outcome: "upstream_error", upstreamKind: "http_error" };
  return { outcome: "error" };
}

function record(labels: CallLabels, outcome: string, seconds: number, upstreamKind?: string): void {
  const metrics = appMetrics();
  metrics.aiCalls.inc({ ...labels, outcome });
  metrics.aiDuration.observe({ ...labels, outcome }, seconds);
  if (upstreamKind) metrics.aiUpstreamErrors.inc({ app: labels.app, kind: upstreamKind });
}

/** A streamed answer, passed through as it is, measured on the way. */
function measureStream(response: Response, labels: CallLabels, started: number): Response {
  const metrics = appMetrics();
  const elapsed = () => (performance.now() - started) / 1000;
  const text = new TextDecoder();
  let firstSeen = false;
  let failure: { outcome: string; kind: string } | undefined;
  let over = false;
  const end = (outcome: string, kind?: string) => {
    if (over) return;
    over = true;
    metrics.aiActiveStreams.dec();
    record(labels, outcome, elapsed(), kind);
  };
  metrics.aiActiveStreams.inc();
  const reader = response.body!.getReader();
  // A pull-through stream rather than a TransformStream: Node 20's does not report a cancel (the
  // browser leaving), and back-pressure stays the relay's (nothing is read ahead).
  const measured = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let result: ReadableStreamReadResult<Uint8Array>;
        try {
          result = await reader.read();
        } catch (error) {
          end("upstream_error", "stream_error");
          controller.error(error);
          return;
        }
        if (result.done) {
          end(failure?.outcome ?? "ok", failure?.kind);
          controller.close();
          return;
        }
        if (!firstSeen) {
          firstSeen = true;
          metrics.aiFirstEvent.observe(labels, elapsed());
        }
        const decoded = text.decode(result.value, { stream: true });
        if (!failure && decoded.includes('"error"')) {
          const code = ERROR_EVENT.exec(decoded)?.[1];
          if (code) failure = STREAM_FAILURES[code] ?? { outcome: "upstream_error", kind: "stream_error" };
        }
        controller.enqueue(result.value);
      },
      cancel(reason) {
        end("cancelled");
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(measured, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** The proxy, its calls measured. */
export function measuredProxy(proxy: DifyProxy): DifyProxy {
  return {
    ...proxy,
    async handle(request, ctx) {
      const started = performance.now();
      const response = await proxy.handle(request, ctx);
      const labels = admittedCalls.get(request);
      if (!labels) return response;
      if (response.ok && response.body && (response.headers.get("content-type") ?? "").includes("text/event-stream")) {
        return measureStream(response, labels, started);
      }
      const seconds = (performance.now() - started) / 1000;
      const { outcome, upstreamKind } = outcomeOfStatus(response.status);
      if (outcome === "ok") appMetrics().aiFirstEvent.observe(labels, seconds);
      record(labels, outcome, seconds, upstreamKind);
      return response;
    },
  };
}
