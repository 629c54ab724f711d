import { countTokens } from "@/lib/token-estimate";
import type { GenerationKind } from "./endpoints";
import { sseErrorFrame } from "./errors";
import { answerTextOf, type AnswerWatcher } from "./moderation";
import type { UsageTracker } from "./usage-tracker";

const frame = (event: Record<string, unknown>) => `data: ${JSON.stringify(event)}\n\n`;

/**
 * Content safety inside the relay: feeds the answer's text to the watcher and, on a hit, writes the
 * frames that end the answer instead of the upstream's — Dify's own `message_replace` (reason
 * `output_moderation`, which the chat page shows as its 内容安全提示 and /v1 as `content_filter`) and a
 * `message_end`; a workflow run ends with an `error` event. The usage generated so far still counts:
 * estimated from the text when the upstream's figures never came.
 */
export class AnswerCut {
  private answer = "";

  constructor(
    private readonly watcher: AnswerWatcher,
    private readonly call: { kind: GenerationKind; question: string; onBlocked?: (messageId: string) => void },
  ) {}

  /** The events of one upstream chunk; `final`: the answer ends with them. The frames that end a cut answer, or nothing. */
  async inspect(events: readonly Record<string, unknown>[], final: boolean, tracker: UsageTracker): Promise<string | undefined> {
    for (const event of events) {
      const text = answerTextOf(event);
      if (!text) continue;
      this.answer += text;
      const notice = await this.watcher.push(text);
      if (notice) return this.cut(notice, tracker);
    }
    if (!final) return undefined;
    const notice = await this.watcher.finish();
    return notice ? this.cut(notice, tracker) : undefined;
  }

  /** A blocking answer, whole: the notice that replaces it, or nothing. */
  async checkWhole(text: string, tracker: UsageTracker): Promise<string | undefined> {
    this.answer = text;
    const notice = (await this.watcher.push(text)) ?? (await this.watcher.finish());
    if (notice) {
      tracker.cutShort({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });
      if (tracker.messageId) this.call.onBlocked?.(tracker.messageId);
    }
    return notice;
  }

  private cut(notice: string, tracker: UsageTracker): string {
    tracker.cutShort({ promptTokens: countTokens(this.call.question), completionTokens: countTokens(this.answer), totalTokens: countTokens(this.call.question) + countTokens(this.answer), estimated: true });
    if (tracker.messageId) this.call.onBlocked?.(tracker.messageId);
    if (this.call.kind === "workflow") return sseErrorFrame(400, "content_filter", notice);
    const ids = { task_id: tracker.taskId, message_id: tracker.messageId, id: tracker.messageId };
    const usage = tracker.figures();
    return (
      frame({ event: "message_replace", ...ids, answer: notice, reason: "output_moderation" }) +
      frame({ event: "message_end", ...ids, metadata: usage ? { usage: { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.totalTokens } } : {} })
    );
  }
}

/** A blocking answer's text: chat / completion `answer`, or a workflow's string outputs. */
export function blockingAnswerText(body: Record<string, unknown>): string {
  if (typeof body.answer === "string") return body.answer;
  const outputs = (body.data as { outputs?: unknown } | undefined)?.outputs;
  if (!outputs || typeof outputs !== "object") return "";
  return Object.values(outputs).filter((value): value is string => typeof value === "string").join("\n");
}

/** The blocking answer with its text replaced by the notice (a workflow run: failed, with the notice as its error). */
export function replaceBlockingAnswer(body: Record<string, unknown>, notice: string): Record<string, unknown> {
  if (typeof body.answer === "string") return { ...body, answer: notice };
  const data = (body.data ?? {}) as Record<string, unknown>;
  return { ...body, data: { ...data, outputs: {}, status: "failed", error: notice } };
}
