import type { AiApp } from "../registry";
import type { PreparedCall } from "./upstream-request";

/**
 * Seam for content safety (src/features/content-safety): the question is checked before admission
 * (a refusal costs nothing), the streamed answer while it is relayed.
 */
export interface ProxyModeration {
  /** The call's texts (question, inputs, file names): a refusal message in Chinese, or nothing. */
  checkQuestion(call: ModeratedCall & { texts: string[] }): Promise<string | undefined>;
  /** A watcher of one streamed answer. */
  watchAnswer(call: ModeratedCall): AnswerWatcher;
  /**
   * An answer was cut: remembered, because the upstream (Dify, a model app's history) keeps the whole
   * text and would show it again when the conversation is reloaded.
   */
  answerBlocked?(call: ModeratedCall & { messageId: string }): Promise<void>;
  /** Of these message ids of the app, the ones whose answer was cut (history read through the proxy). */
  blockedAmong?(call: ModeratedCall & { messageIds: string[] }): Promise<Set<string>>;
  /** What replaces a cut answer when it is read back (the same notice the stream showed). */
  readonly blockedNotice?: string;
}

export interface ModeratedCall {
  app: AiApp;
  userId: string;
}

export interface AnswerWatcher {
  /** More answer text; resolves to the notice that replaces the answer when it must be cut. */
  push(text: string): Promise<string | undefined>;
  /** The answer ended; resolves to the notice when its last part must be cut. */
  finish(): Promise<string | undefined>;
}

const str = (value: unknown): string | undefined => (typeof value === "string" && value.trim() ? value : undefined);

/** The name a remote file goes by: the last segment of its URL's path (decoded), or nothing. */
function remoteFileName(url: unknown): string | undefined {
  if (typeof url !== "string") return undefined;
  try {
    return str(decodeURIComponent(new URL(url).pathname.split("/").pop() ?? ""));
  } catch {
    return undefined;
  }
}

/**
 * The texts inside a workflow input: a string, the strings of a list (multi-select, paragraphs), and
 * a file's name (a file variable is an object or a list of them; a remote one is named by its URL).
 */
function inputTexts(value: unknown, texts: string[], depth = 0): void {
  if (str(value)) texts.push(value as string);
  else if (Array.isArray(value) && depth < 2) for (const item of value) inputTexts(item, texts, depth + 1);
  else if (value && typeof value === "object" && depth < 2) {
    const file = value as { filename?: unknown; name?: unknown; url?: unknown; remote_url?: unknown };
    const name = str(file.filename) ?? str(file.name) ?? remoteFileName(file.url) ?? remoteFileName(file.remote_url);
    if (name) texts.push(name);
  }
}

/**
 * Every text a prepared call sends up: the query, the inputs (strings, lists, file names), every
 * turn of a model app's `messages` (all of them reach the model, not only the last user turn), the
 * names of remote files and of uploaded ones.
 */
export function questionTexts(prepared: PreparedCall): string[] {
  const texts: string[] = [];
  const body = prepared.body;
  if (body) {
    const query = str(body.query);
    if (query) texts.push(query);
    const inputs = body.inputs;
    if (inputs && typeof inputs === "object") {
      for (const value of Object.values(inputs)) inputTexts(value, texts);
    }
    if (Array.isArray(body.messages)) {
      for (const message of body.messages as unknown[]) {
        for (const text of turnTexts(message)) if (text !== query) texts.push(text);
      }
    }
    // `/v1/embeddings` on a model app: every input is sent to the provider.
    if (str(body.input)) texts.push(body.input as string);
    else if (Array.isArray(body.input)) for (const input of body.input as unknown[]) if (str(input)) texts.push(input as string);
    if (Array.isArray(body.files)) for (const file of body.files as unknown[]) inputTexts(file, texts, 1);
  }
  const form = prepared.upstream.form;
  if (form) {
    for (const value of form.values()) if (typeof value !== "string" && value.name) texts.push(value.name);
  }
  return texts;
}

/**
 * A model app's turn (`/v1` messages): its text, its text parts, and the arguments of its tool calls
 * (a tool result is a `tool` turn's content): all of it reaches the model.
 */
function turnTexts(message: unknown): string[] {
  if (!message || typeof message !== "object") return [];
  const turn = message as { content?: unknown; tool_calls?: unknown };
  const texts: string[] = [];
  if (str(turn.content)) texts.push(turn.content as string);
  else if (Array.isArray(turn.content)) for (const part of turn.content as { text?: unknown }[]) if (str(part?.text)) texts.push(part.text as string);
  if (Array.isArray(turn.tool_calls)) texts.push(...toolCallTexts(turn.tool_calls));
  return texts;
}

/** The names and argument pieces of tool calls (whole calls, or a stream's deltas). */
function toolCallTexts(calls: unknown[]): string[] {
  return calls.flatMap((call) => {
    const fn = (call as { function?: { name?: unknown; arguments?: unknown } } | null)?.function;
    return [str(fn?.name), str(fn?.arguments)].filter((text): text is string => text !== undefined);
  });
}

/**
 * The answer text one streamed event adds (chat / completion `message`, agent text, a workflow's
 * `text_chunk`); a model app's tool-call deltas (`/v1`) count as answer text too, since the model wrote them.
 */
export function answerTextOf(event: Record<string, unknown>): string {
  if (event.event === "message" && Array.isArray(event.tool_calls)) return toolCallTexts(event.tool_calls as unknown[]).join("");
  if (event.event === "message" || event.event === "agent_message") return typeof event.answer === "string" ? event.answer : "";
  if (event.event === "text_chunk") {
    const data = event.data as { text?: unknown } | undefined;
    return typeof data?.text === "string" ? data.text : "";
  }
  return "";
}
