import "server-only";
import { and, count, desc, gte, lt, sql, type SQL } from "drizzle-orm";
import { authAuditLog, type Database } from "@/lib/db";
import type { SecurityEventView } from "./labels";

// Reads `auth.audit_log_entries` (the embedded auth writes GoTrue's rows; with a hosted project it is
// readable when DATABASE_URL is the project's own Postgres). The user's id is in the JSON payload.
export type SecurityEventFilter = { userId?: string; action?: string; from?: Date; to?: Date };
export type SecurityEventsPage = { events: SecurityEventView[]; total: number; page: number; perPage: number };

export const SECURITY_EVENTS_PER_PAGE = 50;

function whereOf(filter: SecurityEventFilter): SQL | undefined {
  return and(
    filter.userId ? sql`${authAuditLog.payload}->>'actor_id' = ${filter.userId}` : undefined,
    filter.action ? sql`${authAuditLog.payload}->>'action' = ${filter.action}` : undefined,
    filter.from ? gte(authAuditLog.createdAt, filter.from) : undefined,
    filter.to ? lt(authAuditLog.createdAt, filter.to) : undefined,
  );
}

function view(row: typeof authAuditLog.$inferSelect): SecurityEventView {
  const payload = row.payload;
  const text = (key: string) => (typeof payload[key] === "string" ? (payload[key] as string) : "");
  const traits = payload.traits;
  return {
    id: row.id,
    action: text("action"),
    actorId: text("actor_id"),
    actorUsername: text("actor_username"),
    logType: text("log_type"),
    ip: row.ipAddress ?? "",
    createdAt: row.createdAt.toISOString(),
    traits: typeof traits === "object" && traits !== null ? (traits as Record<string, unknown>) : null,
  };
}

/** Newest first, filtered and paged in the database (the console's 账号安全事件). */
export async function listSecurityEvents(db: Database, filter: SecurityEventFilter, page: number, perPage = SECURITY_EVENTS_PER_PAGE): Promise<SecurityEventsPage> {
  const where = whereOf(filter);
  const [rows, [counted]] = await Promise.all([
    db.select().from(authAuditLog).where(where).orderBy(desc(authAuditLog.createdAt), desc(authAuditLog.id)).limit(perPage).offset((page - 1) * perPage),
    db.select({ total: count() }).from(authAuditLog).where(where),
  ]);
  return { events: rows.map(view), total: Number(counted?.total ?? 0), page, perPage };
}

/** The signed-in user's own last events (settings: 账号安全记录) — only rows whose actor is them. */
export async function listOwnSecurityEvents(db: Database, userId: string, limit = 20): Promise<SecurityEventView[]> {
  const rows = await db
    .select()
    .from(authAuditLog)
    .where(sql`${authAuditLog.payload}->>'actor_id' = ${userId}`)
    .orderBy(desc(authAuditLog.createdAt), desc(authAuditLog.id))
    .limit(limit);
  return rows.map(view);
}
