import "server-only";
import { adminAuditLog, type Database } from "@/lib/db";

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
