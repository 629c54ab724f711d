import { randomUUID } from "node:crypto";
import { buildAnswer, chunkAnswer, conversationNameFor, usageFor } from "./answer";
import { nowSeconds, type DemoContext, type DemoDeps } from "./context";
import { difyError } from "./errors";
import { sseResponse } from "./sse";
import { finishMessage, insertMessage, touchConversation, type Owner } from "./store";
import { triggersIn } from "./triggers";

export interface MessageRun {
  mode: "chat" | "completion";
  owner: Owner;
  /** The text the answer is derived from (chat: query; completion: inputs.query). */
  query: string;
  /** Everything counted as prompt tokens. */
  prompt: string;
  inputs: Record<string, unknown>;
  files: unknown[];
  streaming: boolean;
  /** Chat only. */
  conversation?: { id: string; rename: boolean };
}

/** Number of chunks sent before the `#错误事件` / `#中断` triggers fire. */
const CHUNKS_BEFORE_FAILURE = 3;

/** Answers one chat or completion message, blocking or streaming, and stores it. */
export async function answerMessage(c: DemoContext, deps: DemoDeps, run: MessageRun): Promise<Response> {
  const triggers = triggersIn(run.query);
  if (triggers.has("http500")) return difyError(c, 500, "internal_server_error", "The server encountered an internal error and was unable to complete your request.");
  if (triggers.has("http429")) return difyError(c, 429, "too_many_requests", `Too many requests. Please try again later. The current maximum concurrent requests allowed for ${c.get("app").id} is 5.`);

  const started = Date.now();
  const messageId = randomUUID();
  const taskId = randomUUID();
  const createdAt = nowSeconds();
  const conversationId = run.conversation?.id ?? null;
  await insertMessage(deps.db, run.owner, { id: messageId, conversationId, query: run.query, inputs: run.inputs, files: run.files });
  const answer = run.mode === "completion" ? buildAnswer({ mode: "completion", query: run.query, inputs: run.inputs }) : buildAnswer({ mode: "chat", query: run.query });

  const finish = async (text: string, failure?: string) => {
    const usage = usageFor(run.prompt, text, (Date.now() - started) / 1000);
    await finishMessage(deps.db, messageId, {
      answer: text,
      status: failure ? "error" : "normal",
      error: failure,
      messageTokens: usage.prompt_tokens,
      answerTokens: usage.completion_tokens,
    });
    if (run.conversation) await touchConversation(deps.db, run.conversation.id, run.conversation.rename ? conversationNameFor(run.query) : undefined);
    return usage;
  };
  const ids = { task_id: taskId, id: messageId, message_id: messageId, ...(conversationId ? { conversation_id: conversationId } : {}) };

  if (!run.streaming) {
    if (triggers.has("errorEvent")) {
      await finish("", "演示应用按 #错误事件 触发的模型调用失败");
      return difyError(c, 400, "completion_request_error", "[demo] Model invocation failed (#错误事件).");
    }
    const usage = await finish(answer);
    return c.json({ event: "message", ...ids, mode: run.mode, answer, metadata: { usage }, created_at: createdAt });
  }

  return sseResponse(deps.timing, async (writer) => {
    let sent = "";
    if (triggers.has("slow")) await writer.idle(deps.slowGapMs);
    const chunks = chunkAnswer(answer);
    for (const [index, chunk] of chunks.entries()) {
      if (writer.closed || deps.flags.isStopped(taskId)) break;
      if (index === CHUNKS_BEFORE_FAILURE && triggers.has("errorEvent")) {
        await finish(sent, "演示应用按 #错误事件 触发的模型调用失败");
        writer.send({ event: "error", ...ids, status: 400, code: "completion_request_error", message: "[demo] Model invocation failed (#错误事件)." });
        return;
      }
      if (index === CHUNKS_BEFORE_FAILURE && triggers.has("cut")) {
        await finish(sent);
        return; // the stream just ends: no message_end
      }
      writer.send({ event: "message", ...ids, answer: chunk, created_at: createdAt });
      sent += chunk;
      await writer.pace();
    }
    // After a stop (or a disconnect) Dify still ends with message_end, usage estimated from the partial text.
    const usage = await finish(sent);
    writer.send({ event: "message_end", ...ids, metadata: { usage }, files: [] });
  });
}
