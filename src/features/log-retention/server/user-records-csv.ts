import "server-only";
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { aiUsageEvents, authAuditLog, type Database } from "@/lib/db";

const HEADER = ["time", "type", "action", "app", "model", "prompt_tokens", "completion_tokens", "total_tokens", "api_key_id", "ip"];

/** A CSV field: quoted when needed, and a leading = + - @ neutralised so a spreadsheet never runs it. */
function field(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One user's AI calls and sign-in records in [from, to), oldest first, as CSV (UTF-8 with BOM for Excel). */
export async function userRecordsCsv(db: Database, userId: string, from: Date, to: Date): Promise<string> {
  const [calls, events] = await Promise.all([
    db
      .select()
      .from(aiUsageEvents)
      .where(and(eq(aiUsageEvents.userId, userId), gte(aiUsageEvents.createdAt, from), lt(aiUsageEvents.createdAt, to)))
      .orderBy(asc(aiUsageEvents.createdAt))
      .limit(100_000),
    db
      .select()
      .from(authAuditLog)
      .where(and(sql`${authAuditLog.payload}->>'actor_id' = ${userId}`, gte(authAuditLog.createdAt, from), lt(authAuditLog.createdAt, to)))
      .orderBy(asc(authAuditLog.createdAt))
      .limit(100_000),
  ]);
  const rows: { at: Date; cells: (string | number | null)[] }[] = [
    ...calls.map((row) => ({
      at: row.createdAt,
      cells: [row.createdAt.toISOString(), "ai_call", row.kind, row.appid, row.model, row.promptTokens, row.completionTokens, row.totalTokens, row.apiKeyId, null],
    })),
    ...events.map((row) => ({
      at: row.createdAt,
      cells: [row.createdAt.toISOString(), "sign_in", typeof row.payload.action === "string" ? row.payload.action : "", null, null, null, null, null, null, row.ipAddress],
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  return `\uFEFF${[HEADER.join(","), ...rows.map((row) => row.cells.map(field).join(","))].join("\r\n")}\r\n`;
}
