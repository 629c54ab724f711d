import { describe, expect, it } from "vitest";
import { runNotingApiCall, type ApiCallNote } from "@/features/api-call-logs/server/call-note";
import { collectChatCompletion, fromProxyRefusal, toChunkStream } from "./openai-responses";

// The translation from the AI proxy's Dify answers to OpenAI's shapes, on hand-made proxy answers:
// the cases the demo apps do not produce (a refused first event, a cut stream, odd outputs).
const meta = { model: "m", returnsConversation: true, includeUsage: false };
const sse = (...events: (object | string)[]) =>
  new Response(events.map((event) => (typeof event === "string" ? event : `data: ${JSON.stringify(event)}\n\n`)).join(""), { headers: { "Content-Type": "text/event-stream" } });
const frames = async (response: Response) =>
  (await response.text())
    .split("\n\n")
    .filter(Boolean)
    .map((frame) => frame.replace(/^data: /, ""))
    .map((data) => (data === "[DONE]" ? data : (JSON.parse(data) as Record<string, unknown>)));

describe("toChunkStream", () => {
  it("answers an error that comes first with its HTTP status: a context too long is 400 context_length_exceeded", async () => {
    const response = await toChunkStream(sse({ event: "error", status: 400, code: "model_context_length", message: "对话太长了，请新建一个对话再问。" }), meta);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "context_length_exceeded", message: "对话太长了，请新建一个对话再问。" } });
  });

  it("splits a leading <think> block into reasoning_content across chunk boundaries, skipping pings", async () => {
    const events = [
      "event: ping\n\n",
      { event: "message", message_id: "a1", conversation_id: "c1", answer: "<thi" },
      { event: "message", message_id: "a1", conversation_id: "c1", answer: "nk>想一想</th" },
      { event: "message", message_id: "a1", conversation_id: "c1", answer: "ink>\n\n答案" },
      { event: "message_end", message_id: "a1", conversation_id: "c1", metadata: { usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 14 } } },
    ];
    const out = await frames(await toChunkStream(sse(...events), { ...meta, includeUsage: true }));
    const chunks = out.filter((frame) => frame !== "[DONE]") as { id: string; conversation_id: string; choices: { delta: Record<string, string>; finish_reason: string | null }[]; usage?: object }[];
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.reasoning_content ?? "").join("")).toBe("想一想");
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? "").join("")).toBe("答案");
    expect(chunks[0]!.choices[0]!.delta.role).toBe("assistant");
    expect(chunks.every((chunk) => chunk.id === "chatcmpl-a1" && chunk.conversation_id === "c1")).toBe(true);
    // OpenAI's total is prompt + completion (a model's weight is for the plan, not the client).
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 } });
    expect(out.at(-1)).toBe("[DONE]");
  });

  it("ends a stream cut after some text with an OpenAI error frame (what arrived is kept)", async () => {
    const out = await frames(await toChunkStream(sse({ event: "message", answer: "前半段" }, { event: "error", status: 502, code: "upstream_disconnected", message: "AI 服务连接中断" }), meta));
    expect(out[0]).toMatchObject({ choices: [{ delta: { content: "前半段" } }] });
    expect(out[1]).toMatchObject({ error: { code: "upstream_error", message: "AI 服务连接中断" } });
    expect(out).not.toContain("[DONE]");
  });

  it("notes a stream that broke off for the key's 调用日志, though its HTTP status was already 200", async () => {
    const note: ApiCallNote = {};
    const response = await runNotingApiCall(note, () => toChunkStream(sse({ event: "message", answer: "前半段" }, { event: "error", status: 502, code: "upstream_disconnected", message: "AI 服务连接中断" }), meta));
    expect(note.streamFailure).toBeUndefined();
    await response.text();
    expect(note.streamFailure).toEqual({ status: 502, code: "upstream_error" });
  });

  it("passes a chatflow's reasoning_chunk events on as reasoning_content", async () => {
    const out = await frames(await toChunkStream(sse({ event: "reasoning_chunk", data: { reasoning: "先想", is_final: false } }, { event: "message", answer: "再答" }), meta));
    expect(out[0]).toMatchObject({ choices: [{ delta: { reasoning_content: "先想" } }] });
    expect(out[1]).toMatchObject({ choices: [{ delta: { content: "再答" } }] });
  });

  it("an answer the app's moderation replaced ends with finish_reason content_filter and the preset after the partial text", async () => {
    const out = await frames(
      await toChunkStream(sse({ event: "message", message_id: "r", answer: "前半" }, { event: "message_replace", message_id: "r", answer: "已隐藏", reason: "output_moderation" }, { event: "message_end", message_id: "r" }), meta),
    );
    const chunks = out.filter((frame) => frame !== "[DONE]") as { choices: { delta: { content?: string }; finish_reason: string | null }[] }[];
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? "").join("")).toBe("前半\n\n已隐藏");
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe("content_filter");
  });

  it("gives a workflow's outputs as the message when it streamed no text", async () => {
    const out = await frames(await toChunkStream(sse({ event: "workflow_started", workflow_run_id: "w1" }, { event: "workflow_finished", workflow_run_id: "w1", data: { status: "succeeded", outputs: { score: 3, label: "好" }, total_tokens: 9 } }), meta));
    expect(JSON.parse((out[0] as { choices: { delta: { content: string } }[] }).choices[0]!.delta.content)).toEqual({ score: 3, label: "好" });
  });
});

describe("collectChatCompletion and fromProxyRefusal", () => {
  it("collects a stream into one message, thinking apart, with the usage and the conversation", async () => {
    const response = await collectChatCompletion(
      sse({ event: "message", message_id: "m", conversation_id: "c", answer: "<think>想</think>答" }, { event: "message", message_id: "m", answer: "案" }, { event: "message_end", message_id: "m", metadata: { usage: { prompt_tokens: 1, completion_tokens: 2 } } }),
      meta,
    );
    expect(await response.json()).toMatchObject({ id: "chatcmpl-m", object: "chat.completion", conversation_id: "c", choices: [{ message: { content: "答案", reasoning_content: "想" } }], usage: { total_tokens: 3 } });
  });

  it("a moderated answer is the preset alone, with finish_reason content_filter", async () => {
    const response = await collectChatCompletion(sse({ event: "message", message_id: "r", answer: "前半" }, { event: "message_replace", message_id: "r", answer: "已隐藏", reason: "output_moderation" }), meta);
    expect(await response.json()).toMatchObject({ choices: [{ message: { content: "已隐藏" }, finish_reason: "content_filter" }] });
  });

  it("a failed workflow run is an error, not an empty answer", async () => {
    const response = await collectChatCompletion(sse({ event: "workflow_finished", workflow_run_id: "w", data: { status: "failed", error: "节点出错" } }), meta);
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: { message: "节点出错" } });
  });

  it("maps the proxy's refusals: quota 402 → 429 insufficient_quota, busy 429 keeps Retry-After", async () => {
    const quota = await fromProxyRefusal(Response.json({ statusCode: 402, message: "本月额度已用完" }, { status: 402 }));
    expect([quota.status, ((await quota.json()) as { error: { code: string } }).error.code]).toEqual([429, "insufficient_quota"]);
    const busy = await fromProxyRefusal(Response.json({ statusCode: 429, message: "太多" }, { status: 429, headers: { "Retry-After": "5" } }));
    expect([busy.status, busy.headers.get("retry-after")]).toEqual([429, "5"]);
  });
});
