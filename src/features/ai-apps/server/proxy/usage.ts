import { aiUsageEvents, type NewAiUsageEvent } from "@/lib/db/schema/ai-usage";
import type { Database } from "@/lib/db/types";
import { WriteBatcher } from "@/lib/db/write-batcher";
import type { GenerationKind } from "./endpoints";

type Json = Record<string, unknown>;

export interface UsageFigures {
  promptTokens: number;
  completionTokens: number;
  /** What counts against the quota (model apps: already weighted by the model server). */
  totalTokens: number;
  /** Model apps: the model that answered, and whether the figures are our own estimate. */
  model?: string | null;
  estimated?: boolean;
}

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
export class UsageTracker {
  taskId?: string;
  messageId?: string;
  workflowRunId?: string;
  private messageUsage?: UsageFigures;
  private workflowUsage?: UsageFigures;
  /** A terminal event arrived (`message_end`, `workflow_finished` or `error`). */
  ended = false;

  observe(event: Json): void {
    this.taskId ??= str(event.task_id);
    this.messageId ??= str(event.message_id) ?? (event.event === "message_end" ? str(event.id) : undefined);
    this.workflowRunId ??= str(event.workflow_run_id);
    const data = obj(event.data);
    switch (event.event) {
      case "message_end": {
        const usage = obj(obj(event.metadata)?.usage);
        if (usage) this.messageUsage = fromUsage(usage);
        this.ended = true;
        break;
      }
      case "workflow_finished":
        if (data) this.workflowUsage = { promptTokens: 0, completionTokens: 0, totalTokens: int(data.total_tokens) };
        this.ended = true;
        break;
      case "error":
        this.ended = true;
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

  /** Chat/completion prefer the message's own usage; the workflow run total is the fallback. */
  figures(): UsageFigures | undefined {
    return this.messageUsage ?? this.workflowUsage;
  }
}

export interface UsageRecord {
  appid: string;
  userId: string;
  /** The developer API key of a `/v1` call (null from the site's own pages). */
  apiKeyId?: string | null;
  kind: GenerationKind;
  latencyMs: number;
}

/** The row for an answer, or undefined when there is nothing to record (no usage or no id). */
export function usageRow(tracker: UsageTracker, record: UsageRecord): NewAiUsageEvent | undefined {
  const figures = tracker.figures();
  const messageId = record.kind === "workflow" ? undefined : tracker.messageId;
  const workflowRunId = tracker.workflowRunId;
  if (!figures || (!messageId && !workflowRunId)) return undefined;
  return {
    appid: record.appid,
    userId: record.userId,
    apiKeyId: record.apiKeyId ?? null,
    kind: record.kind,
    messageId: messageId ?? null,
    workflowRunId: workflowRunId ?? null,
    ...figures,
    latencyMs: Math.max(0, Math.round(record.latencyMs)),
  };
}

/** Inserts the usage row once: the unique message/run id makes a repeat a no-op. */
export async function recordUsage(db: Database, tracker: UsageTracker, record: UsageRecord): Promise<boolean> {
  const row = usageRow(tracker, record);
  if (!row) return false;
  const inserted = await db.insert(aiUsageEvents).values(row).onConflictDoNothing().returning({ id: aiUsageEvents.id });
  return inserted.length > 0;
}

/**
 * Write-behind for usage rows: answers finishing in the same turn of the event loop share one
 * multi-row insert (one statement per burst instead of one per answer). No longer wait than that: an
 * answer ends for its client only once its row is written. ON CONFLICT DO NOTHING keeps it
 * idempotent, duplicates inside one batch included.
 */
export class UsageBatcher {
  private readonly batcher: WriteBatcher<NewAiUsageEvent>;

  constructor(database: () => Promise<Database>, delayMs = 0, maxBatch = 200) {
    this.batcher = new WriteBatcher(async (rows) => (await database()).insert(aiUsageEvents).values(rows).onConflictDoNothing(), delayMs, maxBatch);
  }

  add(row: NewAiUsageEvent): Promise<void> {
    return this.batcher.add(row);
  }
}
