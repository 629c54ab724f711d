import { EventSourceParserStream } from "eventsource-parser/stream";
import { apiCallStreamFailureRecorder } from "@/features/api-call-logs/server";
import { AI_CONTENT_LABEL, AI_LABEL_HEADER, aigcMetadata } from "@/features/compliance";
import { parseDifyEvent } from "@/features/dify-events";
import { DifyAnswer, type AnswerError, type AnswerPart, type ToolCallDelta } from "./dify-answer";
import { fromProxyError, openAiError, openAiErrorBody } from "./openai-errors";

type Json = Record<string, unknown>;

export interface CompletionMeta {
  /** The `model` the client asked for, echoed back. */
  model: string;
  /** Dify chat apps: the conversation id is returned so the client can continue it. */
  returnsConversation: boolean;
  includeUsage: boolean;
}

const completionId = (answer: DifyAnswer) => `chatcmpl-${answer.messageId ?? crypto.randomUUID()}`;
const conversationField = (meta: CompletionMeta, answer: DifyAnswer) =>
  meta.returnsConversation && answer.conversationId ? { conversation_id: answer.conversationId } : {};
/** A model app's sources (answer-citations.ts); none on an answer content safety replaced. */
const citationsField = (answer: DifyAnswer) => (answer.citations.length > 0 && !answer.filtered ? { citations: answer.citations } : {});

/** The proxy refused before answering (`{statusCode, message, code?}`): the same refusal, OpenAI-shaped. */
export async function fromProxyRefusal(response: Response): Promise<Response> {
  const body = (await response.json().catch(() => ({}))) as Json;
  const message = typeof body.message === "string" ? body.message : "AI 服务暂时不可用，请稍后重试";
  const { status, code } = fromProxyError(response.status, message, typeof body.code === "string" ? body.code : undefined);
  const retryAfter = response.headers.get("retry-after");
  return openAiError(status, code, message, retryAfter ? { headers: { "Retry-After": retryAfter } } : {});
}

/** The parts of a Dify event stream, event by event (pings and non-JSON frames skipped). */
export async function* answerParts(events: ReadableStreamDefaultReader<{ data: string }>, answer: DifyAnswer): AsyncGenerator<AnswerPart[]> {
  for (;;) {
    const { done, value } = await events.read();
    if (done) return;
    let json: unknown;
    try {
      json = JSON.parse(value.data);
    } catch {
      continue;
    }
    const event = parseDifyEvent(json);
    if (!event) continue;
    const parts = answer.observe(event);
    if (parts.length > 0) yield parts;
  }
}

export const eventsOf = (upstream: Response) => upstream.body!.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
export const CUT: AnswerError = { kind: "error", status: 502, message: "AI 服务连接中断，请稍后重试" };

/** An upstream stream being relayed: its reader, the answer so far, its first parts and the next ones. */
export interface OpenedAnswer {
  events: ReadableStreamDefaultReader<{ data: string }>;
  answer: DifyAnswer;
  first: AnswerPart[] | null;
  nextParts: () => Promise<AnswerPart[] | null>;
}

/**
 * Reads a streamed answer's first parts before any byte is sent: a call refused at once (its only
 * part an error) answers with its HTTP status, as OpenAI does, instead of a stream that fails.
 */
export async function openAnswer(upstream: Response): Promise<OpenedAnswer | Response> {
  const events = eventsOf(upstream);
  const answer = new DifyAnswer();
  const parts = answerParts(events, answer);
  const nextParts = async (): Promise<AnswerPart[] | null> => (await parts.next()).value ?? null;
  let first: AnswerPart[] | null;
  try {
    first = await nextParts();
  } catch {
    first = [CUT];
  }
  const firstError = first?.find((part): part is AnswerError => part.kind === "error");
  if (firstError && first!.length === 1) {
    await events.cancel().catch(() => undefined);
    return errorResponse(firstError);
  }
  return { events, answer, first, nextParts };
}

/**
 * A Dify event stream read to its end and answered as one `chat.completion`. The upstream is always
 * asked to stream: Dify's agent apps refuse blocking calls, and a stream reports its usage the same way.
 */
export async function collectChatCompletion(upstream: Response, meta: CompletionMeta): Promise<Response> {
  const events = eventsOf(upstream);
  const answer = new DifyAnswer();
  let content = "";
  let reasoning = "";
  const calls = new ToolCalls();
  try {
    for await (const parts of answerParts(events, answer)) {
      for (const part of parts) {
        if (part.kind === "error") {
          await events.cancel().catch(() => undefined);
          return errorResponse(part);
        }
        if (part.kind === "replace") {
          content = part.content;
          continue;
        }
        if (part.kind === "tool_calls") {
          calls.add(part.calls);
          continue;
        }
        content += part.content;
        reasoning += part.reasoning;
      }
    }
  } catch {
    return errorResponse(CUT);
  }
  for (const part of answer.flush()) {
    if (part.kind !== "delta") continue;
    content += part.content;
    reasoning += part.reasoning;
  }
  const toolCalls = answer.filtered ? [] : calls.list();
  // As OpenAI: a message that only calls tools has no content.
  const message: Json = { role: "assistant", content: toolCalls.length > 0 && !content ? null : content };
  if (reasoning) message.reasoning_content = reasoning;
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  return Response.json(
    {
      id: completionId(answer),
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: meta.model,
      choices: [{ index: 0, message, finish_reason: finishReason(answer), logprobs: null }],
      usage: answer.usage ?? { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
      ...conversationField(meta, answer),
      ...citationsField(answer),
      aigc: aigcField(answer),
    },
    { headers: { "Cache-Control": "no-store", [AI_LABEL_HEADER]: "1" } },
  );
}

/**
 * GB 45438-2025 on `/v1`: every completion (and chunk) says it is AI-generated — the explicit label's
 * words and the implicit label's fields, the completion's id as `ProduceID` — and the response carries
 * `X-AIGC-Label: 1`. Documented in content/docs (开发者 API).
 */
const aigcField = (answer: DifyAnswer) => ({ label: AI_CONTENT_LABEL, ...aigcMetadata(completionId(answer)) });

const finishReason = (answer: DifyAnswer) => (answer.filtered ? "content_filter" : (answer.finishReason ?? (answer.calledTools ? "tool_calls" : "stop")));

/** Tool-call deltas assembled into the calls of a whole `chat.completion` (by `index`). */
export class ToolCalls {
  private readonly calls = new Map<number, { id: string; type: "function"; function: { name: string; arguments: string } }>();

  add(deltas: ToolCallDelta[]): void {
    for (const delta of deltas) {
      const call = this.calls.get(delta.index) ?? { id: "", type: "function" as const, function: { name: "", arguments: "" } };
      if (delta.id) call.id = delta.id;
      call.function.name += delta.function?.name ?? "";
      call.function.arguments += delta.function?.arguments ?? "";
      this.calls.set(delta.index, call);
    }
  }

  list() {
    return [...this.calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
  }
}

export function errorResponse(part: AnswerError): Response {
  const { status, code } = fromProxyError(part.status, part.message, part.code);
  return openAiError(status, code, part.message);
}

/**
 * A Dify event stream as OpenAI's `chat.completion.chunk` stream. The first event is awaited before
 * answering, so a call refused at once (context too long, a failed workflow) gets its HTTP status
 * instead of a 200 stream that only carries the error.
 */
export async function toChunkStream(upstream: Response, meta: CompletionMeta): Promise<Response> {
  const opened = await openAnswer(upstream);
  if (opened instanceof Response) return opened;
  const { events, answer, first, nextParts } = opened;
  const noteFailure = apiCallStreamFailureRecorder();
  const created = Math.floor(Date.now() / 1000);

  const encoder = new TextEncoder();
  let roleSent = false;
  const base = () => ({ id: completionId(answer), object: "chat.completion.chunk", created, model: meta.model, ...conversationField(meta, answer), aigc: aigcField(answer) });
  const chunk = (delta: Json, finishReason: string | null = null): Json => ({
    ...base(),
    choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
  });
  const frame = (payload: unknown) => encoder.encode(`data: ${JSON.stringify(payload)}\n\n`);
  let textSent = false;
  const deltaOf = (part: Exclude<AnswerPart, AnswerError>): Json => {
    // Tool calls pass as the provider streamed them; the first chunk carries the role, content null, as OpenAI's.
    if (part.kind === "tool_calls") {
      const delta: Json = roleSent ? { tool_calls: part.calls } : { role: "assistant", content: null, tool_calls: part.calls };
      roleSent = true;
      return delta;
    }
    const delta: Json = roleSent ? {} : { role: "assistant" };
    roleSent = true;
    // A stream cannot take back what it sent: a moderation preset follows the partial text on its own paragraph.
    const content = part.kind === "replace" && textSent ? `\n\n${part.content}` : part.content;
    if (content) delta.content = content;
    textSent ||= content !== "";
    if (part.kind === "delta" && part.reasoning) delta.reasoning_content = part.reasoning;
    return delta;
  };

  let pending: AnswerPart[] | null = first;
  let finished = false;
  return new Response(
    new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (finished) return;
        const parts = pending ?? (await nextParts().catch(() => [CUT]));
        pending = null;
        const ending = parts === null;
        for (const part of ending ? answer.flush() : parts) {
          if (part.kind === "error") {
            const { status, code } = fromProxyError(part.status, part.message, part.code);
            noteFailure({ status, code });
            controller.enqueue(frame(openAiErrorBody(status, code, part.message)));
            finished = true;
            controller.close();
            await events.cancel().catch(() => undefined);
            return;
          }
          controller.enqueue(frame(chunk(deltaOf(part))));
        }
        if (!ending) return;
        finished = true;
        controller.enqueue(frame({ ...chunk(roleSent ? {} : { role: "assistant", content: "" }, finishReason(answer)), ...citationsField(answer) }));
        if (meta.includeUsage) {
          controller.enqueue(frame({ ...base(), choices: [], usage: answer.usage ?? { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 } }));
        }
        controller.enqueue(encoder.encode("data: [DONE]\n\n"));
        controller.close();
      },
      async cancel() {
        await events.cancel().catch(() => undefined);
      },
    }),
    { headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no", [AI_LABEL_HEADER]: "1" } },
  );
}
