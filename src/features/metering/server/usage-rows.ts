import { appMetrics } from "@/features/observability/server";
import { aiUsageEvents, type NewAiUsageEvent } from "@/lib/db/schema/ai-usage";
import type { Database } from "@/lib/db/types";
import { WriteBatcher } from "@/lib/db/write-batcher";
import type { UsageKind } from "../types";

export interface UsageFigures {
  promptTokens: number;
  completionTokens: number;
  /** What counts against the quota (model apps: already weighted by the model server). */
  totalTokens: number;
  /** Model apps: the model that answered, and whether the figures are our own estimate. */
  model?: string | null;
  estimated?: boolean;
}

/** What reading one answer yields for its usage row (the AI proxy's UsageTracker). */
export interface ObservedUsage {
  messageId?: string;
  workflowRunId?: string;
  figures(): UsageFigures | undefined;
}

export interface UsageRecord {
  appid: string;
  userId: string;
  /** The developer API key of a `/v1` call (null from the site's own pages). */
  apiKeyId?: string | null;
  /** That call's request id (its 调用日志 row joins on it). */
  requestId?: string | null;
  kind: UsageKind;
  latencyMs: number;
}

/** The row for an answer, or undefined when there is nothing to record (no usage or no id). */
export function usageRow(observed: ObservedUsage, record: UsageRecord): NewAiUsageEvent | undefined {
  const figures = observed.figures();
  const messageId = record.kind === "workflow" ? undefined : observed.messageId;
  const workflowRunId = observed.workflowRunId;
  if (!figures || (!messageId && !workflowRunId)) return undefined;
  return {
    appid: record.appid,
    userId: record.userId,
    apiKeyId: record.apiKeyId ?? null,
    requestId: record.requestId ?? null,
    kind: record.kind,
    messageId: messageId ?? null,
    workflowRunId: workflowRunId ?? null,
    ...figures,
    latencyMs: Math.max(0, Math.round(record.latencyMs)),
  };
}

/** Inserts the usage row once: the unique message/run id makes a repeat a no-op. */
export async function recordUsage(db: Database, observed: ObservedUsage, record: UsageRecord): Promise<boolean> {
  const row = usageRow(observed, record);
  if (!row) return false;
  const inserted = await db.insert(aiUsageEvents).values(row).onConflictDoNothing().returning({ id: aiUsageEvents.id });
  if (inserted.length > 0) countMeteredTokens(row);
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
    return this.batcher.add(row).then(() => countMeteredTokens(row));
  }
}

/** The metrics' tokens metered, once a usage row is stored (a batch's repeat of a row may count twice: rare, harmless). */
function countMeteredTokens(row: NewAiUsageEvent): void {
  const tokens = appMetrics().aiTokens;
  tokens.inc({ app: row.appid, kind: "prompt" }, row.promptTokens ?? 0);
  tokens.inc({ app: row.appid, kind: "completion" }, row.completionTokens ?? 0);
  tokens.inc({ app: row.appid, kind: "total" }, row.totalTokens ?? 0);
}
