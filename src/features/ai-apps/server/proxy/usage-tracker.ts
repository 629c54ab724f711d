import { isKnownDifyEvent, parseDifyEvent } from "@/features/dify-events";
import type { ObservedUsage, UsageFigures } from "@/features/metering/server";

type Json = Record<string, unknown>;

const int = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0);
const str = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
const obj = (value: unknown) => (value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined);

function fromUsage(usage: Json): UsageFigures {
  const prompt = int(usage.prompt_tokens);
  const completion = int(usage.completion_tokens);
  return {
    promptTokens: prompt,
    completionTokens: completion,
    totalTokens: int(usage.total_tokens) || prompt + completion,
    model: str(usage.model) ?? null,
    estimated: usage.estimated === true,
  };
}

/**
 * Follows one answer's events (stream or blocking body) and keeps what the usage row needs:
 * ids, `message_end.metadata.usage` and `workflow_finished.data.total_tokens`, in either order.
 */
export class UsageTracker implements ObservedUsage {
  taskId?: string;
  messageId?: string;
  workflowRunId?: string;
  private messageUsage?: UsageFigures;
  private workflowUsage?: UsageFigures;
  /** A terminal event arrived (`message_end`, `workflow_finished` or `error`). */
  ended = false;

  /** One streamed event's JSON, typed by the one Dify event parser (src/features/dify-events). */
  observe(json: Json): void {
    const event = parseDifyEvent(json);
    if (!event) return;
    // Every event may carry the ids, an event of a newer Dify included.
    this.taskId ??= str(event.task_id);
    this.messageId ??= str(event.message_id) ?? (event.event === "message_end" ? str(event.id) : undefined);
    this.workflowRunId ??= str(event.workflow_run_id);
    if (!isKnownDifyEvent(event)) return;
    switch (event.event) {
      case "message_end": {
        const usage = event.metadata?.usage;
        if (usage) this.messageUsage = fromUsage(usage);
        this.ended = true;
        break;
      }
      case "workflow_finished":
        if (event.data) this.workflowUsage = { promptTokens: 0, completionTokens: 0, totalTokens: int(event.data.total_tokens) };
        this.ended = true;
        break;
      case "error":
        this.ended = true;
        break;
      default:
        // The other events carry only the ids read above: usage comes with the terminal ones.
        break;
    }
  }

  /** A blocking answer: chat/completion message object or workflow `{workflow_run_id, data}`. */
  observeBlocking(body: Json): void {
    this.taskId ??= str(body.task_id);
    this.messageId ??= str(body.message_id) ?? str(body.id);
    this.workflowRunId ??= str(body.workflow_run_id);
    const usage = obj(obj(body.metadata)?.usage);
    if (usage) this.messageUsage = fromUsage(usage);
    const data = obj(body.data);
    if (data && "total_tokens" in data) this.workflowUsage = { promptTokens: 0, completionTokens: 0, totalTokens: int(data.total_tokens) };
  }

  /** The answer was cut (content safety) before its usage arrived: the estimate stands in; the answer is over. */
  cutShort(estimate: UsageFigures): void {
    if (!this.figures()) this.messageUsage = estimate;
    this.ended = true;
  }

  /** Chat/completion prefer the message's own usage; the workflow run total is the fallback. */
  figures(): UsageFigures | undefined {
    return this.messageUsage ?? this.workflowUsage;
  }
}
