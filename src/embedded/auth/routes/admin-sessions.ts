import { asc, eq } from "drizzle-orm";
import type { Hono } from "hono";
import { authSessions } from "@/lib/db";
import { recordAuthEvent } from "../audit-log";
import { clientIp, type AuthDeps } from "../context";
import { apiError } from "../errors";
import { requireAdmin, type AuthEnv } from "../middleware";
import { isUuid } from "../request";
import { revokeSessions } from "../sessions";
import { loadUserBundle } from "../users";

/**
 * Not GoTrue: its admin API cannot list or end another user's sessions (`POST /logout` takes the
 * user's own JWT; Supabase's advice is to delete the user's `auth.sessions` rows server-side). These
 * two routes are that advice as an admin call beside `/admin/users/{id}/factors`, service key only:
 *   GET    /admin/users/{id}/sessions → the user's sessions as `auth.sessions` columns, oldest first
 *   DELETE /admin/users/{id}/sessions → deletes them all (their refresh tokens cascade), 204; the
 *          access tokens already issued are then refused by the session-liveness check.
 */
export function registerAdminSessions(app: Hono<AuthEnv>, deps: AuthDeps) {
  const { db } = deps;
  const admin = requireAdmin(deps);

  const existingUser = async (raw: string) => {
    if (!isUuid(raw)) throw apiError(404, "validation_failed", "user_id must be an UUID");
    const bundle = await loadUserBundle(db, raw);
    if (!bundle) throw apiError(404, "user_not_found", "User not found");
    return bundle.user;
  };

  app.get("/admin/users/:id/sessions", admin, async (c) => {
    const user = await existingUser(c.req.param("id"));
    const rows = await db.select().from(authSessions).where(eq(authSessions.userId, user.id)).orderBy(asc(authSessions.createdAt));
    return c.json(
      rows.map((row) => ({
        id: row.id,
        user_id: row.userId,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        refreshed_at: row.refreshedAt?.toISOString() ?? null,
        aal: row.aal,
        factor_id: row.factorId,
        user_agent: row.userAgent,
        ip: row.ip,
      })),
    );
  });

  app.delete("/admin/users/:id/sessions", admin, async (c) => {
    const user = await existingUser(c.req.param("id"));
    await revokeSessions(deps, user.id);
    // The user's own 退出所有设备 writes `logout` with scope global; `admin` says who asked.
    await recordAuthEvent(db, { userId: user.id, action: "logout", traits: { scope: "global", admin: true }, ip: clientIp(c) });
    return c.body(null, 204);
  });
}
