import type OpenAI from "openai";
import { countTokens } from "@/lib/token-estimate";
import { providerClient, type EmbeddedProvider } from "./provider-client";
import { ProviderError, toProviderError } from "./provider-errors";
import type { ModelAppSettings, ModelOption } from "./settings";
import { ThinkSplitter } from "./think-splitter";

export interface ChatTurn {
  role: "system" | "user" | "assistant";
  /** Text, or for a question with images the text and image parts (vision models). */
  content: string | OpenAI.Chat.ChatCompletionContentPart[];
}

const textOf = (content: ChatTurn["content"]) => (typeof content === "string" ? content : content.map((part) => (part.type === "text" ? part.text : "")).join(""));

export interface CompletionDelta {
  reasoning: string;
  answer: string;
}

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
}

type ReasoningDelta = { reasoning_content?: unknown; reasoning?: unknown };

function estimatedUsage(messages: ChatTurn[], reasoning: string, answer: string): CompletionUsage {
  const promptTokens = messages.reduce((sum, message) => sum + 4 + countTokens(textOf(message.content)), 0);
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
    const partial = (): CompletionResult => ({ answer, reasoning, usage: estimatedUsage(messages, reasoning, answer), stopped: signal.aborted });
    try {
      armWatchdog();
      const stream = await client.chat.completions.create(
        {
          model: model.id,
          messages: messages as OpenAI.Chat.ChatCompletionMessageParam[],
          stream: true,
          stream_options: { include_usage: true },
          ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
          ...(settings.maxTokens !== undefined ? { max_tokens: settings.maxTokens } : {}),
        },
        { signal: AbortSignal.any([signal, watchdog.signal]) },
      );
      const splitter = new ThinkSplitter();
      let usage: CompletionUsage | undefined;
      const emit = (delta: CompletionDelta) => {
        if (!delta.reasoning && !delta.answer) return;
        received = true;
        reasoning += delta.reasoning;
        answer += delta.answer;
        options.onDelta(delta);
      };
      for await (const chunk of stream) {
        armWatchdog();
        const delta = chunk.choices?.[0]?.delta as (OpenAI.Chat.ChatCompletionChunk.Choice.Delta & ReasoningDelta) | undefined;
        const extra = delta?.reasoning_content ?? delta?.reasoning;
        const split = typeof delta?.content === "string" ? splitter.push(delta.content) : { reasoning: "", answer: "" };
        emit({ reasoning: (typeof extra === "string" ? extra : "") + split.reasoning, answer: split.answer });
        if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens, estimated: false };
      }
      emit(splitter.flush());
      // An abort can end the stream quietly instead of throwing.
      if (signal.aborted) return partial();
      if (timedOut) throw new ProviderError("timeout", `no data for ${settings.firstByteTimeoutMs} ms`);
      return { answer, reasoning, usage: usage ?? estimatedUsage(messages, reasoning, answer), stopped: false };
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
