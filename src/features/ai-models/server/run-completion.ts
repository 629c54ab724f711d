import type OpenAI from "openai";
import { countTokens } from "@/lib/token-estimate";
import { providerClient, type EmbeddedProvider } from "./provider-client";
import { ProviderError, toProviderError } from "./provider-errors";
import type { ModelAppSettings, ModelOption } from "./settings";
import { ThinkSplitter } from "./think-splitter";
import { asProviderMessages, MAX_TOOL_ARGUMENT_CHARS, turnTexts, type ChatTurn, type ToolCall, type ToolFields } from "./chat-turns";

export type { ChatTurn } from "./chat-turns";

export interface CompletionDelta {
  reasoning: string;
  answer: string;
  /** Tool-call deltas exactly as the provider streamed them (index, then id / name / argument pieces). */
  toolCalls?: OpenAI.Chat.ChatCompletionChunk.Choice.Delta.ToolCall[];
}

/** The model's calls of the client's tools, assembled from the deltas. */
export type CompletedToolCall = ToolCall;

/** Longest arguments a model may stream for its tool calls together (a runaway provider is cut). */
const MAX_STREAMED_TOOL_ARGUMENTS = 4 * MAX_TOOL_ARGUMENT_CHARS;

export interface CompletionUsage {
  promptTokens: number;
  completionTokens: number;
  /** The provider sent no usage: counted from the text. */
  estimated: boolean;
}

export interface CompletionResult {
  answer: string;
  reasoning: string;
  usage: CompletionUsage;
  /** The user stopped it: `answer` is what arrived until then. */
  stopped: boolean;
  /** The model called the client's tools (`/v1` function calling). */
  toolCalls?: CompletedToolCall[];
  /** The provider's finish reason when it is not a plain stop (`tool_calls`, `length`). */
  finishReason?: string;
}

/** A failure after part of the answer arrived: the part is kept and shown. */
export class InterruptedCompletion extends Error {
  constructor(
    readonly partial: CompletionResult,
    readonly cause: ProviderError,
  ) {
    super(cause.message);
    this.name = "InterruptedCompletion";
  }
}

export interface RunCompletionOptions {
  settings: ModelAppSettings;
  model: ModelOption;
  messages: ChatTurn[];
  /** Aborted when the user stops the answer or leaves. */
  signal: AbortSignal;
  embedded: EmbeddedProvider;
  onDelta: (delta: CompletionDelta) => void;
  fetch?: typeof fetch;
  /** `/v1` function calling: the client's tools, passed to the provider as given. */
  tools?: ToolFields;
}

type ReasoningDelta = { reasoning_content?: unknown; reasoning?: unknown };

function estimatedUsage(messages: ChatTurn[], reasoning: string, answer: string): CompletionUsage {
  const promptTokens = messages.reduce((sum, message) => sum + 4 + countTokens(turnTexts(message).join("")), 0);
  return { promptTokens, completionTokens: countTokens(reasoning) + countTokens(answer), estimated: true };
}

/**
 * Streams one chat completion from the app's provider (the fallback provider when the first fails
 * with 429, 5xx, a connection failure or a time-out before its first byte), with usage asked for in
 * the stream. A provider silent for `firstByteTimeoutMs` — before the first chunk or between chunks —
 * is abandoned as timed out.
 */
export async function runCompletion(options: RunCompletionOptions): Promise<CompletionResult> {
  const { settings, model, messages, signal } = options;
  const providers = [settings.provider, ...(settings.fallbackProvider ? [settings.fallbackProvider] : [])];
  let lastError: ProviderError | undefined;
  for (const provider of providers) {
    const client = providerClient(provider, { embedded: options.embedded, timeoutMs: settings.firstByteTimeoutMs, fetch: options.fetch });
    let received = false;
    let reasoning = "";
    let answer = "";
    const calls = new ToolCallAssembler();
    let finishReason: string | undefined;
    const watchdog = new AbortController();
    let timedOut = false;
    // One timer per call, not one per chunk: each chunk only notes when it came.
    let lastData = Date.now();
    const timer = setInterval(
      () => {
        if (Date.now() - lastData < settings.firstByteTimeoutMs) return;
        timedOut = true;
        watchdog.abort();
      },
      Math.max(1, Math.min(1000, Math.floor(settings.firstByteTimeoutMs / 4))),
    );
    const armWatchdog = () => {
      lastData = Date.now();
    };
    const partial = (): CompletionResult => ({ answer, reasoning, usage: estimatedUsage(messages, reasoning, answer + calls.text()), stopped: signal.aborted, ...calls.result() });
    try {
      armWatchdog();
      const stream = await client.chat.completions.create(
        {
          model: model.id,
          messages: asProviderMessages(messages),
          stream: true,
          stream_options: { include_usage: true },
          ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
          ...(settings.maxTokens !== undefined ? { max_tokens: settings.maxTokens } : {}),
          ...providerToolFields(options.tools),
        },
        { signal: AbortSignal.any([signal, watchdog.signal]) },
      );
      const splitter = new ThinkSplitter();
      let usage: CompletionUsage | undefined;
      const emit = (delta: CompletionDelta) => {
        if (!delta.reasoning && !delta.answer && !delta.toolCalls?.length) return;
        received = true;
        reasoning += delta.reasoning;
        answer += delta.answer;
        options.onDelta(delta);
      };
      for await (const chunk of stream) {
        armWatchdog();
        const choice = chunk.choices?.[0];
        const delta = choice?.delta as (OpenAI.Chat.ChatCompletionChunk.Choice.Delta & ReasoningDelta) | undefined;
        const extra = delta?.reasoning_content ?? delta?.reasoning;
        const split = typeof delta?.content === "string" ? splitter.push(delta.content) : { reasoning: "", answer: "" };
        const toolCalls = Array.isArray(delta?.tool_calls) && delta.tool_calls.length > 0 ? delta.tool_calls : undefined;
        if (toolCalls) calls.add(toolCalls);
        if (choice?.finish_reason && choice.finish_reason !== "stop") finishReason = choice.finish_reason;
        emit({ reasoning: (typeof extra === "string" ? extra : "") + split.reasoning, answer: split.answer, ...(toolCalls ? { toolCalls } : {}) });
        if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens, estimated: false };
      }
      emit(splitter.flush());
      // An abort can end the stream quietly instead of throwing.
      if (signal.aborted) return partial();
      if (timedOut) throw new ProviderError("timeout", `no data for ${settings.firstByteTimeoutMs} ms`);
      return { answer, reasoning, usage: usage ?? estimatedUsage(messages, reasoning, answer + calls.text()), stopped: false, ...calls.result(), ...(finishReason ? { finishReason } : {}) };
    } catch (error) {
      if (signal.aborted) return partial();
      const failure = timedOut ? new ProviderError("timeout", `no data for ${settings.firstByteTimeoutMs} ms`) : toProviderError(error);
      if (received) throw new InterruptedCompletion(partial(), failure);
      lastError = failure;
      if (!failure.triesFallback) break;
    } finally {
      clearInterval(timer);
    }
  }
  throw lastError ?? new ProviderError("unavailable", "no provider");
}

/** Only the fields the client set: a provider without function calling is not sent empty ones. */
function providerToolFields(fields: ToolFields | undefined) {
  if (!fields?.tools?.length) return {};
  return {
    tools: fields.tools,
    ...(fields.tool_choice !== undefined ? { tool_choice: fields.tool_choice } : {}),
    ...(fields.parallel_tool_calls !== undefined ? { parallel_tool_calls: fields.parallel_tool_calls } : {}),
  };
}

/** Assembles streamed tool-call deltas (by `index`) into whole calls, capped in total size. */
class ToolCallAssembler {
  private readonly calls = new Map<number, ToolCall>();
  private size = 0;

  add(deltas: OpenAI.Chat.ChatCompletionChunk.Choice.Delta.ToolCall[]): void {
    for (const delta of deltas) {
      const call = this.calls.get(delta.index) ?? { id: "", type: "function" as const, function: { name: "", arguments: "" } };
      if (delta.id) call.id = delta.id;
      if (delta.function?.name) call.function.name += delta.function.name;
      const piece = delta.function?.arguments ?? "";
      this.size += piece.length;
      if (this.size > MAX_STREAMED_TOOL_ARGUMENTS) throw new ProviderError("bad_request", "tool call arguments too long");
      call.function.arguments += piece;
      this.calls.set(delta.index, call);
    }
  }

  text(): string {
    return [...this.calls.values()].map((call) => call.function.name + call.function.arguments).join("");
  }

  result(): { toolCalls?: ToolCall[] } {
    return this.calls.size > 0 ? { toolCalls: [...this.calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call) } : {};
  }
}
