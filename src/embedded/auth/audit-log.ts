import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { authAuditLog, authUsers, type Database } from "@/lib/db";

/**
 * GoTrue's account events in `auth.audit_log_entries`, in its payload shape (`actor_id`,
 * `actor_username`, `actor_via_sso`, `action`, `log_type`, `traits`) and action names, so the
 * console reads the embedded and a hosted project's log alike. One action is ours: `login_failed`, a
 * wrong password for an existing account (GoTrue has no action for failed sign-ins, so a hosted
 * project's log has none; operators and users still need to see them). Best effort: a failed write
 * never fails the user's request.
 */
export type AuthAuditAction =
  | "login"
  | "login_failed"
  | "logout"
  | "user_updated_password"
  | "user_modified"
  | "factor_in_progress"
  | "factor_unenrolled"
  | "factor_deleted";

const LOG_TYPES: Record<AuthAuditAction, string> = {
  login: "account",
  login_failed: "account",
  logout: "account",
  user_updated_password: "user",
  user_modified: "user",
  factor_in_progress: "factor",
  factor_unenrolled: "factor",
  factor_deleted: "factor",
};

export async function recordAuthEvent(
  db: Database,
  event: { userId: string; action: AuthAuditAction; traits?: Record<string, unknown>; ip?: string | null },
): Promise<void> {
  try {
    // One statement: the actor's e-mail (or phone) is read by the insert itself.
    const payload = {
      actor_id: event.userId,
      actor_via_sso: false,
      action: event.action,
      log_type: LOG_TYPES[event.action],
      ...(event.traits ? { traits: event.traits } : {}),
    };
    const username = sql`coalesce((select coalesce(nullif(${authUsers.email}, ''), nullif(${authUsers.phone}, ''), '') from ${authUsers} where ${authUsers.id} = ${event.userId}), '')`;
    await db.insert(authAuditLog).values({
      id: randomUUID(),
      payload: sql`${JSON.stringify(payload)}::jsonb || jsonb_build_object('actor_username', ${username})`,
      ipAddress: event.ip ?? "",
    });
  } catch (error) {
    console.error("auth audit log", error);
  }
}
