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

/** Every text a prepared call sends up: the query, string inputs, the last user message, uploaded files' names. */
export function questionTexts(prepared: PreparedCall): string[] {
  const texts: string[] = [];
  const body = prepared.body;
  if (body) {
    const query = str(body.query);
    if (query) texts.push(query);
    const inputs = body.inputs;
    if (inputs && typeof inputs === "object") {
      for (const value of Object.values(inputs)) if (str(value)) texts.push(value as string);
    }
    if (Array.isArray(body.messages)) {
      const last = [...body.messages].reverse().find((message: unknown) => (message as { role?: unknown } | null)?.role === "user") as { content?: unknown } | undefined;
      const content = str(last?.content);
      if (content && content !== query) texts.push(content);
    }
  }
  const form = prepared.upstream.form;
  if (form) {
    for (const value of form.values()) if (typeof value !== "string" && value.name) texts.push(value.name);
  }
  return texts;
}

/** The answer text one streamed event adds (chat / completion `message`, agent text, a workflow's `text_chunk`). */
export function answerTextOf(event: Record<string, unknown>): string {
  if (event.event === "message" || event.event === "agent_message") return typeof event.answer === "string" ? event.answer : "";
  if (event.event === "text_chunk") {
    const data = event.data as { text?: unknown } | undefined;
    return typeof data?.text === "string" ? data.text : "";
  }
  return "";
}
