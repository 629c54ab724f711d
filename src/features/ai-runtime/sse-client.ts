import { createParser } from "eventsource-parser";
import { parseDifyEvent } from "@/features/dify-events";
import { DifyRequestError, errorFromResponse, isAbortError, NETWORK_MESSAGE } from "./errors";
import type { DifyStreamEvent } from "./types";

export interface StreamOptions {
  signal?: AbortSignal;
  /** Called for every event in order; `ping` keep-alives are skipped. */
  onEvent: (event: DifyStreamEvent) => void;
  fetchImpl?: typeof fetch;
}

/** How a stream ended: the server closed it, or our signal aborted it. */
export type StreamOutcome = "closed" | "aborted";

const INVALID_STREAM = "返回的数据格式不正确，请稍后重试";

/**
 * POSTs a JSON body and reads Dify's SSE answer (reference §6.1) with `fetch` + a body reader:
 * frames may be split anywhere across chunks (UTF-8 included), `event: ping` frames carry no data.
 * A non-2xx answer before streaming throws a `DifyRequestError` with the proxy's Chinese message;
 * failures after that arrive as an `error` event (passed to `onEvent`, like any other).
 */
export async function streamDify(url: string, body: unknown, options: StreamOptions): Promise<StreamOutcome> {
  const { signal, onEvent, fetchImpl = fetch } = options;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (isAbortError(error) || signal?.aborted) return "aborted";
    throw new DifyRequestError(0, NETWORK_MESSAGE);
  }
  if (!response.ok) throw await errorFromResponse(response);
  if (!response.body) throw new DifyRequestError(0, INVALID_STREAM);

  // A blocking-style JSON answer (some gateways ignore response_mode): deliver it as one event.
  if ((response.headers.get("content-type") ?? "").includes("application/json")) {
    const json: unknown = await response.json().catch(() => null);
    if (!json || typeof json !== "object") throw new DifyRequestError(0, INVALID_STREAM);
    const event = parseDifyEvent({ event: "message", ...(json as Record<string, unknown>) });
    if (event) onEvent(event);
    return "closed";
  }

  let malformed = false;
  const parser = createParser({
    onEvent(message) {
      if (malformed || message.event === "ping" || message.data === "") return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(message.data);
      } catch {
        malformed = true;
        return;
      }
      const event = parseDifyEvent(parsed);
      if (event) onEvent(event);
    },
  });

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      if (malformed) {
        await reader.cancel().catch(() => undefined);
        throw new DifyRequestError(0, INVALID_STREAM);
      }
    }
    parser.feed(decoder.decode());
    // A last frame without its blank line still counts.
    parser.feed("\n\n");
    if (malformed) throw new DifyRequestError(0, INVALID_STREAM);
    return "closed";
  } catch (error) {
    if (isAbortError(error) || signal?.aborted) return "aborted";
    if (error instanceof DifyRequestError) throw error;
    throw new DifyRequestError(0, "连接中断，请重试");
  }
}
