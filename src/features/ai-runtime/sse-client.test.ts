import { describe, expect, it } from "vitest";
import { DifyRequestError, TOO_MANY_CALLS_STATUS } from "./errors";
import { streamDify } from "./sse-client";
import type { DifyStreamEvent } from "./types";

/** A fake fetch answering with the given byte chunks, one per read, `gapMs` apart. */
function fakeFetch(chunks: Uint8Array[], init: ResponseInit = {}, gapMs = 0): typeof fetch {
  return async (_input, requestInit) => {
    const signal = requestInit?.signal;
    let index = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (gapMs) await new Promise((resolve) => setTimeout(resolve, gapMs));
        if (signal?.aborted) {
          controller.error(new DOMException("aborted", "AbortError"));
          return;
        }
        if (index < chunks.length) controller.enqueue(chunks[index++]);
        else controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" }, ...init });
  };
}

const encode = (text: string) => new TextEncoder().encode(text);

async function collect(fetchImpl: typeof fetch, signal?: AbortSignal) {
  const events: DifyStreamEvent[] = [];
  const outcome = await streamDify("/api/ai/dify/chat-messages?appid=x", { query: "你好" }, { fetchImpl, signal, onEvent: (event) => events.push(event) });
  return { events, outcome };
}

describe("streamDify", () => {
  it("reassembles frames split anywhere across chunks, UTF-8 characters included", async () => {
    const wire = encode('data: {"event":"message","answer":"你好"}\n\ndata: {"event":"message_end","id":"m1"}\n\n');
    // Split every 5 bytes: cuts through JSON, through the blank line and through multi-byte characters.
    const chunks: Uint8Array[] = [];
    for (let offset = 0; offset < wire.length; offset += 5) chunks.push(wire.slice(offset, offset + 5));
    const { events, outcome } = await collect(fakeFetch(chunks));
    expect(outcome).toBe("closed");
    expect(events).toEqual([
      { event: "message", answer: "你好" },
      { event: "message_end", id: "m1" },
    ]);
  });

  it("skips ping keep-alives and accepts a last frame without its blank line", async () => {
    const { events } = await collect(fakeFetch([encode('event: ping\n\ndata: {"event":"message","answer":"a"}\n\nevent: ping\n\n'), encode('data: {"event":"message_end"}')]));
    expect(events.map((event) => event.event)).toEqual(["message", "message_end"]);
  });

  it("passes an error event on like any other event", async () => {
    const { events } = await collect(fakeFetch([encode('data: {"event":"message","answer":"a"}\n\ndata: {"event":"error","status":400,"code":"completion_request_error","message":"模型调用失败，请稍后重试"}\n\n')]));
    expect(events[1]).toEqual({ event: "error", status: 400, code: "completion_request_error", message: "模型调用失败，请稍后重试" });
  });

  it("throws the proxy's Chinese message for an error before streaming", async () => {
    const fetchImpl: typeof fetch = async () => Response.json({ statusCode: 402, message: "本月额度已用完，请升级套餐" }, { status: 402 });
    const error = await collect(fetchImpl).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DifyRequestError);
    expect(error).toMatchObject({ statusCode: 402, message: "本月额度已用完，请升级套餐" });
  });

  it("throws the proxy's Chinese message when too many calls are in flight (429)", async () => {
    const fetchImpl: typeof fetch = async () =>
      Response.json({ statusCode: 429, message: "同时进行的 AI 请求过多，请等当前回答完成后再试" }, { status: 429 });
    const error = await collect(fetchImpl).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: TOO_MANY_CALLS_STATUS, message: "同时进行的 AI 请求过多，请等当前回答完成后再试" });
  });

  it("throws on a malformed stream", async () => {
    await expect(collect(fakeFetch([encode("data: {not json\n\n")]))).rejects.toMatchObject({ statusCode: 0 });
  });

  it("answers 'aborted' when the caller aborts mid-stream, keeping what came before", async () => {
    const controller = new AbortController();
    const events: DifyStreamEvent[] = [];
    const frames = Array.from({ length: 50 }, (_, index) => encode(`data: {"event":"message","answer":"${index}"}\n\n`));
    const outcome = await streamDify("/x", {}, {
      fetchImpl: fakeFetch(frames, {}, 5),
      signal: controller.signal,
      onEvent: (event) => {
        events.push(event);
        if (events.length === 3) controller.abort();
      },
    });
    expect(outcome).toBe("aborted");
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(events.length).toBeLessThan(50);
  });

  it("reports a refused connection as a network error", async () => {
    const fetchImpl: typeof fetch = async () => {
      throw new TypeError("fetch failed");
    };
    await expect(collect(fetchImpl)).rejects.toMatchObject({ statusCode: 0, message: "网络连接失败，请检查网络后重试" });
  });
});
