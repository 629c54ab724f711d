import "server-only";
import { asc, eq } from "drizzle-orm";
import { ApiRouteError } from "@/lib/api";
import { authAuditLog, authSessions, authUsers, type Database } from "@/lib/db";
import { getSupabaseConnection, type SupabaseConnection } from "@/lib/supabase/connection";
import { recordAdminAction } from "../../server/admin-audit";
import type { AdminActor } from "../../server/admin-user-actions";
import { loadUser } from "../../server/admin-user-lookup";

/** One session of a user as the console shows it (the columns of `auth.sessions`). */
export type AdminSessionView = { id: string; createdAt: string; refreshedAt: string | null; userAgent: string | null; ip: string | null; aal: string };
/** `available: false`: a hosted project whose auth database we cannot read (see `readableAuthDatabase`). */
export type UserSessions = { available: true; sessions: AdminSessionView[] } | { available: false };

type SessionRow = { id: string; created_at: string; refreshed_at: string | null; user_agent: string | null; ip: string | null; aal: string };

const serviceHeaders = (connection: SupabaseConnection) => ({ apikey: connection.serviceRoleKey, Authorization: `Bearer ${connection.serviceRoleKey}` });

/** The embedded auth's admin extension (`src/embedded/auth/routes/admin-sessions.ts`), through its protocol. */
async function embeddedSessions(connection: SupabaseConnection, userId: string, method: "GET" | "DELETE"): Promise<Response> {
  const response = await (connection.fetch ?? fetch)(`${connection.url}/auth/v1/admin/users/${userId}/sessions`, { method, headers: serviceHeaders(connection) });
  if (!response.ok) throw new ApiRouteError(502, method === "GET" ? "会话读取失败，请稍后重试" : "退出所有设备失败，请稍后重试");
  return response;
}

/**
 * Hosted GoTrue has no admin call for another user's sessions. Its tables are reachable only when
 * DATABASE_URL is the project's own Postgres: then our `auth.users` holds this user (in a separate
 * database our copy of the auth tables is empty).
 */
async function readableAuthDatabase(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.id, userId)).limit(1);
  return Boolean(row);
}

function view(row: SessionRow): AdminSessionView {
  return { id: row.id, createdAt: row.created_at, refreshedAt: row.refreshed_at, userAgent: row.user_agent, ip: row.ip, aal: row.aal };
}

/** The user's sessions, oldest first (ids are checked by the caller's `loadUser`). */
export async function listUserSessions(db: Database, userId: string): Promise<UserSessions> {
  const connection = await getSupabaseConnection();
  if (connection.mode === "embedded") {
    const rows = (await (await embeddedSessions(connection, userId, "GET")).json()) as SessionRow[];
    return { available: true, sessions: rows.map(view) };
  }
  if (!(await readableAuthDatabase(db, userId))) return { available: false };
  const rows = await db.select().from(authSessions).where(eq(authSessions.userId, userId)).orderBy(asc(authSessions.createdAt));
  return {
    available: true,
    sessions: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      refreshedAt: row.refreshedAt?.toISOString() ?? null,
      userAgent: row.userAgent,
      ip: row.ip,
      aal: row.aal,
    })),
  };
}

/**
 * 退出所有设备: every session of the user ends (refresh tokens with them), so a refresh fails and an
 * access token already issued is refused by the site's session check on its next request (embedded:
 * the liveness query; hosted: GoTrue's GET /user refuses a token whose session is gone). Hosted, this
 * is Supabase's documented way — deleting the `auth.sessions` rows — and we write GoTrue's `logout`
 * event ourselves, since GoTrue does not see it.
 */
export async function signOutEverywhere(db: Database, actor: AdminActor, userId: string): Promise<{ ended: number }> {
  // One's own sessions end from 账户设置 (退出所有设备 there keeps nothing half-done in the console).
  if (actor.userId === userId) throw new ApiRouteError(400, "不能在后台让自己退出所有设备，请在账户设置中操作");
  await loadUser(userId);
  const connection = await getSupabaseConnection();
  let ended: number;
  if (connection.mode === "embedded") {
    ended = ((await (await embeddedSessions(connection, userId, "GET")).json()) as SessionRow[]).length;
    await embeddedSessions(connection, userId, "DELETE");
  } else {
    if (!(await readableAuthDatabase(db, userId))) throw new ApiRouteError(409, "托管模式下不可用：当前数据库不是认证数据库，无法结束该用户的会话");
    const [user] = await db.select({ email: authUsers.email, phone: authUsers.phone }).from(authUsers).where(eq(authUsers.id, userId));
    ended = (await db.delete(authSessions).where(eq(authSessions.userId, userId)).returning({ id: authSessions.id })).length;
    await db.insert(authAuditLog).values({
      id: crypto.randomUUID(),
      payload: { actor_id: userId, actor_username: user?.email || user?.phone || "", actor_via_sso: false, action: "logout", log_type: "account", traits: { scope: "global", admin: true } },
      ipAddress: actor.ip ?? "",
    });
  }
  await recordAdminAction(db, { actorId: actor.userId, action: "user.sign_out_everywhere", targetUserId: userId, before: { sessions: ended }, after: { sessions: 0 }, ip: actor.ip });
  return { ended };
}
