import { ThinkSplitter } from "@/features/ai-models/server";
import { citationsOf, type ApiCitation } from "./answer-citations";
import { isKnownDifyEvent, unhandledDifyEvent, type DifyEvent } from "@/features/dify-events";

type Json = Record<string, unknown>;

const obj = (value: unknown) => (value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined);
const int = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0);
const str = (value: unknown) => (typeof value === "string" ? value : undefined);

export interface OpenAiUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** A piece of the answer for the client: text, thinking (`reasoning_content`), or the end. */
export type AnswerError = { kind: "error"; status: number; code?: string; message: string };
/** One tool-call delta as OpenAI streams it: the call's `index`, then its id and name, then argument pieces. */
export interface ToolCallDelta {
  index: number;
  id?: string;
  type?: "function";
  function?: { name?: string; arguments?: string };
}
/**
 * `replace`: the app's output moderation swapped the answer for its preset (Dify's `message_replace`).
 * `tool_calls`: a model app's calls of the client's functions (an addition to Dify's `message` event).
 */
export type AnswerPart = { kind: "delta"; content: string; reasoning: string } | { kind: "replace"; content: string } | { kind: "tool_calls"; calls: ToolCallDelta[] } | AnswerError;

/** The tool-call deltas a model app's `message` event carries, only their known fields. */
function toolCallDeltas(value: unknown): ToolCallDelta[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): ToolCallDelta[] => {
    const call = obj(item);
    if (!call || typeof call.index !== "number") return [];
    const fn = obj(call.function);
    const delta: ToolCallDelta = { index: call.index };
    if (str(call.id)) delta.id = str(call.id);
    if (call.type === "function") delta.type = "function";
    if (fn) delta.function = { ...(str(fn.name) !== undefined ? { name: str(fn.name) } : {}), ...(str(fn.arguments) !== undefined ? { arguments: str(fn.arguments) } : {}) };
    return [delta];
  });
}

const FINISH_REASONS = new Set(["stop", "length", "tool_calls"]);

/** A workflow's outputs as the message: its one text output, else the outputs as JSON. */
export function outputsText(outputs: unknown): string {
  const fields = obj(outputs);
  if (!fields) return "";
  const texts = Object.values(fields).filter((value): value is string => typeof value === "string");
  if (Object.keys(fields).length === 1 && texts.length === 1) return texts[0]!;
  for (const name of ["text", "answer", "result", "output"]) if (typeof fields[name] === "string") return fields[name] as string;
  return JSON.stringify(fields, null, 2);
}

function usageOf(usage: Json): OpenAiUsage {
  const prompt = int(usage.prompt_tokens);
  const completion = int(usage.completion_tokens);
  // OpenAI's total is prompt + completion; a model app's weight is the plan's business, not the client's.
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion || int(usage.total_tokens) };
}

/**
 * Follows the events of one Dify answer (chat, completion or workflow, streamed by the AI proxy) and
 * turns them into what an OpenAI client expects: the text, with a leading `<think>` block split out
 * as reasoning, the usage, and the conversation id of a Dify chat.
 */
export class DifyAnswer {
  conversationId?: string;
  messageId?: string;
  usage?: OpenAiUsage;
  /** The answer was replaced by the app's moderation: OpenAI's `finish_reason: "content_filter"`. */
  filtered = false;
  /** The model's finish reason when a model app said it (`tool_calls`, `length`). */
  finishReason?: string;
  /** The model called tools (the finish reason, should the provider not have said it). */
  calledTools = false;
  /** A model app's sources (`retriever_resources`), for the `citations` field. */
  citations: ApiCitation[] = [];
  private readonly splitter = new ThinkSplitter();
  private streamedText = false;

  /** The parts one event adds (none for progress and ping events). */
  observe(event: DifyEvent): AnswerPart[] {
    this.conversationId ||= str(event.conversation_id) || undefined;
    this.messageId ??= str(event.message_id) ?? str(event.workflow_run_id);
    if (!isKnownDifyEvent(event)) return [];
    switch (event.event) {
      case "message": {
        const calls = toolCallDeltas((event as { tool_calls?: unknown }).tool_calls);
        if (calls.length === 0) return this.text(event.answer ?? "");
        this.calledTools = true;
        return [{ kind: "tool_calls", calls }];
      }
      case "agent_message":
        return this.text(event.answer ?? "");
      case "message_replace": {
        const content = event.answer;
        if (content === undefined) return [];
        this.filtered = true;
        return [{ kind: "replace", content }];
      }
      case "text_chunk":
        return this.text(event.data?.text ?? "");
      case "reasoning_chunk": {
        // Chatflows and workflows stream an LLM node's thinking apart from the text.
        const reasoning = event.data?.reasoning ?? "";
        return reasoning ? [{ kind: "delta", content: "", reasoning }] : [];
      }
      case "message_end": {
        const usage = event.metadata?.usage;
        if (usage) this.usage = usageOf(usage);
        const reason = (event.metadata as { finish_reason?: unknown } | undefined)?.finish_reason;
        if (typeof reason === "string" && FINISH_REASONS.has(reason)) this.finishReason = reason;
        this.citations = citationsOf(event.metadata?.retriever_resources);
        return [];
      }
      case "workflow_finished": {
        const data = event.data;
        if (data?.status === "failed" || data?.status === "stopped") {
          return [{ kind: "error", status: 500, code: "workflow_failed", message: data.error || "工作流运行失败" }];
        }
        this.usage ??= { prompt_tokens: 0, completion_tokens: int(data?.total_tokens), total_tokens: int(data?.total_tokens) };
        return this.streamedText ? [] : this.text(outputsText(data?.outputs));
      }
      case "error":
        return [{ kind: "error", status: int(event.status) || 500, code: event.code, message: event.message || "AI 服务暂时不可用，请稍后重试" }];
      // Progress, agent steps, files and audio have no place in an OpenAI answer.
      case "agent_thought":
      case "message_file":
      case "workflow_started":
      case "node_started":
      case "node_finished":
      case "node_retry":
      case "iteration_started":
      case "iteration_next":
      case "iteration_completed":
      case "loop_started":
      case "loop_next":
      case "loop_completed":
      case "tts_message":
      case "tts_message_end":
      case "ping":
        return [];
      default:
        return unhandledDifyEvent(event);
    }
  }

  /** What the splitter still holds when the stream is over. */
  flush(): AnswerPart[] {
    const { reasoning, answer } = this.splitter.flush();
    return reasoning || answer ? [{ kind: "delta", content: answer, reasoning }] : [];
  }

  private text(chunk: string): AnswerPart[] {
    if (!chunk) return [];
    this.streamedText = true;
    const { reasoning, answer } = this.splitter.push(chunk);
    return reasoning || answer ? [{ kind: "delta", content: answer, reasoning }] : [];
  }
}
