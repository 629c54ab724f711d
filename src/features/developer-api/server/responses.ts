import { apiCallStreamFailureRecorder } from "@/features/api-call-logs/server";
import { AI_CONTENT_LABEL, AI_LABEL_HEADER, aigcMetadata } from "@/features/compliance";
import { askApp, authenticatedRequest, type DeveloperApiDeps } from "./chat-completions";
import { DifyAnswer } from "./dify-answer";
import { fromProxyError, openAiErrorBody } from "./openai-errors";
import { answerParts, CUT, errorResponse, eventsOf, openAnswer } from "./openai-responses";
import { asChatRequest, responsesRequestSchema } from "./responses-request";

type Json = Record<string, unknown>;

/**
 * `POST /v1/responses` (OpenAI's Responses API) for text: the same call as a chat completion (the
 * same app, proxy, quota, content safety and usage row), answered as a `response` object or as the
 * Responses API's event stream (`response.created` … `response.output_text.delta` … `response.completed`).
 */
export async function createResponse(request: Request, deps: DeveloperApiDeps): Promise<Response> {
  const authenticated = await authenticatedRequest(request, deps.db, responsesRequestSchema);
  if (authenticated instanceof Response) return authenticated;
  const { key, body } = authenticated;
  const asked = await askApp(request, deps, key, asChatRequest(body));
  if (asked instanceof Response) return asked;
  const shell = new ResponseShell(body.model, body.instructions ?? null, body.max_output_tokens ?? null);
  return body.stream ? responseEvents(asked.upstream, shell) : collectResponse(asked.upstream, shell);
}

const HEADERS = { "Cache-Control": "no-store", [AI_LABEL_HEADER]: "1" };
const hexId = () => crypto.randomUUID().replaceAll("-", "");

/** The `response` object at each stage, and its one output message. */
class ResponseShell {
  readonly id = `resp_${hexId()}`;
  readonly itemId = `msg_${hexId()}`;
  readonly createdAt = Math.floor(Date.now() / 1000);

  constructor(
    private readonly model: string,
    private readonly instructions: string | null,
    private readonly maxOutputTokens: number | null,
  ) {}

  item(text: string | null, status: "in_progress" | "completed" | "incomplete"): Json {
    return { id: this.itemId, type: "message", status, role: "assistant", content: text === null ? [] : [outputText(text)] };
  }

  response(status: "in_progress" | "completed" | "incomplete" | "failed", extra: { text?: string; answer?: DifyAnswer; error?: Json } = {}): Json {
    const done = status === "completed" || status === "incomplete";
    const usage = extra.answer?.usage;
    return {
      id: this.id,
      object: "response",
      created_at: this.createdAt,
      status,
      error: extra.error ?? null,
      incomplete_details: status === "incomplete" ? { reason: "content_filter" } : null,
      instructions: this.instructions,
      max_output_tokens: this.maxOutputTokens,
      model: this.model,
      output: done ? [this.item(extra.text ?? "", status)] : [],
      parallel_tool_calls: false,
      previous_response_id: null,
      reasoning: { effort: null, summary: null },
      store: false,
      temperature: null,
      text: { format: { type: "text" } },
      tool_choice: "none",
      tools: [],
      top_p: null,
      truncation: "disabled",
      usage: done
        ? {
            input_tokens: usage?.prompt_tokens ?? 0,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: usage?.completion_tokens ?? 0,
            output_tokens_details: { reasoning_tokens: 0 },
            total_tokens: usage?.total_tokens ?? 0,
          }
        : null,
      metadata: {},
      // GB 45438-2025, as on chat completions: the explicit label's words and the implicit label's fields.
      aigc: { label: AI_CONTENT_LABEL, ...aigcMetadata(this.id) },
    };
  }
}

const outputText = (text: string) => ({ type: "output_text", text, annotations: [] });

/** A Dify event stream read to its end and answered as one `response` object. */
async function collectResponse(upstream: Response, shell: ResponseShell): Promise<Response> {
  const events = eventsOf(upstream);
  const answer = new DifyAnswer();
  let text = "";
  try {
    for await (const parts of answerParts(events, answer)) {
      for (const part of parts) {
        if (part.kind === "error") {
          await events.cancel().catch(() => undefined);
          return errorResponse(part);
        }
        if (part.kind === "replace") text = part.content;
        else if (part.kind === "delta") text += part.content;
      }
    }
  } catch {
    return errorResponse(CUT);
  }
  for (const part of answer.flush()) if (part.kind === "delta") text += part.content;
  return Response.json(shell.response(answer.filtered ? "incomplete" : "completed", { text, answer }), { headers: HEADERS });
}

/**
 * A Dify event stream as the Responses API's events. The first upstream event is awaited first, so a
 * call refused at once gets its HTTP status (as chat completions do); a failure later ends the stream
 * with `response.failed`.
 */
async function responseEvents(upstream: Response, shell: ResponseShell): Promise<Response> {
  const opened = await openAnswer(upstream);
  if (opened instanceof Response) return opened;
  const { events, answer, nextParts: next } = opened;
  const noteFailure = apiCallStreamFailureRecorder();
  let pending = opened.first;
  const encoder = new TextEncoder();
  let sequence = 0;
  const frame = (type: string, payload: Json) => encoder.encode(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...payload })}\n\n`);
  const at = { item_id: shell.itemId, output_index: 0, content_index: 0 };
  let text = "";
  let started = false;
  let finished = false;
  return new Response(
    new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (finished) return;
        if (!started) {
          started = true;
          controller.enqueue(frame("response.created", { response: shell.response("in_progress") }));
          controller.enqueue(frame("response.in_progress", { response: shell.response("in_progress") }));
          controller.enqueue(frame("response.output_item.added", { output_index: 0, item: shell.item(null, "in_progress") }));
          controller.enqueue(frame("response.content_part.added", { ...at, part: outputText("") }));
        }
        // Read on until something is sent: a pull that enqueues nothing is not called again (thinking sends nothing here).
        let sent = false;
        let ending = false;
        while (!sent && !ending) {
          const batch = pending ?? (await next().catch(() => [CUT]));
          pending = null;
          ending = batch === null;
          for (const part of ending ? answer.flush() : batch!) {
            if (part.kind === "error") {
              const { status, code } = fromProxyError(part.status, part.message, part.code);
              const { error } = openAiErrorBody(status, code, part.message);
              noteFailure({ status, code });
              controller.enqueue(frame("response.failed", { response: shell.response("failed", { error: { code: error.code, message: error.message } }) }));
              finished = true;
              controller.close();
              await events.cancel().catch(() => undefined);
              return;
            }
            // A stream cannot take back what it sent: a moderation preset follows the partial text.
            const delta = part.kind === "replace" ? (text ? `\n\n${part.content}` : part.content) : part.kind === "delta" ? part.content : "";
            if (!delta) continue;
            text += delta;
            sent = true;
            controller.enqueue(frame("response.output_text.delta", { ...at, delta, logprobs: [] }));
          }
        }
        if (!ending) return;
        finished = true;
        const status = answer.filtered ? "incomplete" : "completed";
        controller.enqueue(frame("response.output_text.done", { ...at, text, logprobs: [] }));
        controller.enqueue(frame("response.content_part.done", { ...at, part: outputText(text) }));
        controller.enqueue(frame("response.output_item.done", { output_index: 0, item: shell.item(text, status) }));
        controller.enqueue(frame(answer.filtered ? "response.incomplete" : "response.completed", { response: shell.response(status, { text, answer }) }));
        controller.close();
      },
      async cancel() {
        await events.cancel().catch(() => undefined);
      },
    }),
    { headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no", [AI_LABEL_HEADER]: "1" } },
  );
}
