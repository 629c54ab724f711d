import "server-only";
import { count, desc, eq } from "drizzle-orm";
import { adminAuditLog, type Database } from "@/lib/db";
import type { AdminAuditView } from "../types";

export type AdminAuditEntry = {
  actorId: string;
  action: string;
  targetUserId: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  ip: string | null;
};

/** Records one operator action (admin_audit_log); called after the action succeeded. */
export async function recordAdminAction(db: Database, entry: AdminAuditEntry): Promise<void> {
  await db.insert(adminAuditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: entry.targetUserId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip,
  });
}

export const ADMIN_AUDIT_PER_PAGE = 50;

export type AdminAuditPage = { entries: AdminAuditView[]; total: number; page: number; perPage: number };

/** Newest first, optionally about one user; `created_at` and (target, created_at) are indexed. */
export async function listAdminActions(db: Database, { page, targetUserId }: { page: number; targetUserId?: string }): Promise<AdminAuditPage> {
  const where = targetUserId ? eq(adminAuditLog.targetUserId, targetUserId) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .where(where)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(ADMIN_AUDIT_PER_PAGE)
      .offset((page - 1) * ADMIN_AUDIT_PER_PAGE),
    db.select({ total: count() }).from(adminAuditLog).where(where),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      actorId: row.actorId,
      action: row.action,
      targetUserId: row.targetUserId,
      before: row.before,
      after: row.after,
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
    })),
    total: Number(counted?.total ?? 0),
    page,
    perPage: ADMIN_AUDIT_PER_PAGE,
  };
}
