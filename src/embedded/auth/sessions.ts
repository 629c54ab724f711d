import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { authRefreshTokens, authSessions, authUsers, type AmrEntry, type AuthSessionRow } from "@/lib/db";
import type { AuthDeps } from "./context";
import { apiError } from "./errors";
import { serializeUser, type UserBundle } from "./users";
import { recordAuthEvent } from "./audit-log";
import { emitAuthMetric } from "./metrics-hook";

export const newRefreshToken = () => randomBytes(18).toString("base64url");

/** What an access token and a session response need of the session row. */
export type SessionClaims = Pick<AuthSessionRow, "id" | "userId" | "aal" | "amr">;

/** The access-token claims GoTrue issues (see reference §3.5). */
export async function signAccessToken(deps: AuthDeps, session: SessionClaims, bundle: UserBundle) {
  const now = Math.floor(Date.now() / 1000);
  const exp = now + deps.config.accessTokenLifetimeSeconds;
  const { user } = bundle;
  const token = await deps.keys.sign({
    iss: deps.issuer,
    sub: user.id,
    aud: user.aud,
    exp,
    iat: now,
    email: user.email ?? "",
    phone: user.phone ?? "",
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    role: user.role,
    aal: session.aal,
    amr: [...session.amr].sort((a, b) => b.timestamp - a.timestamp),
    session_id: session.id,
    is_anonymous: user.isAnonymous,
  });
  return { token, exp };
}

export async function sessionResponse(deps: AuthDeps, session: SessionClaims, refreshToken: string, bundle?: UserBundle) {
  const loaded = bundle ?? (await deps.signedIn.bundle(session.userId));
  if (!loaded) throw apiError(400, "session_not_found", "Invalid Refresh Token: No Valid Session Found");
  const { token, exp } = await signAccessToken(deps, session, loaded);
  return {
    access_token: token,
    token_type: "bearer",
    expires_in: deps.config.accessTokenLifetimeSeconds,
    expires_at: exp,
    refresh_token: refreshToken,
    user: serializeUser(loaded),
  };
}

export type SessionResponse = Awaited<ReturnType<typeof sessionResponse>>;

/** Signs the user in: a new session (amr = `method`), a refresh token, `last_sign_in_at` updated. */
export async function startSession(
  deps: AuthDeps,
  userId: string,
  method: string,
  request?: { ip?: string; userAgent?: string },
): Promise<SessionResponse> {
  const now = new Date();
  const amr: AmrEntry[] = [{ method, timestamp: Math.floor(now.getTime() / 1000) }];
  const [session] = await deps.db
    .insert(authSessions)
    .values({ id: randomUUID(), userId, aal: "aal1", amr, ip: request?.ip, userAgent: request?.userAgent })
    .returning();
  const token = newRefreshToken();
  await deps.db.insert(authRefreshTokens).values({ token, userId, sessionId: session!.id });
  await deps.db.update(authUsers).set({ lastSignInAt: now }).where(eq(authUsers.id, userId));
  await recordAuthEvent(deps.db, { userId, action: "login", traits: { provider: method }, ip: request?.ip });
  emitAuthMetric({ kind: "sign_in", method });
  return sessionResponse(deps, session!, token);
}

const tokenNotFound = () => apiError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");

/**
 * The refresh grant's common case in one statement: the presented token is active and its session
 * exists for a user who is not banned, so it is revoked, its child inserted and the session marked
 * refreshed. Anything else (unknown, revoked, orphaned, banned; or a concurrent refresh of the same
 * token, which waits on the row lock and then finds it revoked) returns no row and takes the full
 * path below. One statement is atomic on its own: no transaction, no separate locked read.
 */
async function rotateActiveToken(deps: AuthDeps, presented: string, next: string): Promise<SessionClaims | undefined> {
  const now = new Date();
  const { rows } = await deps.db.execute<{ id: string; user_id: string; aal: string; amr: AmrEntry[] }>(sql`
    with old as (
      update auth.refresh_tokens as t set revoked = true, updated_at = ${now}
      where t.token = ${presented} and t.revoked = false
        and exists (
          select 1 from auth.sessions s join auth.users u on u.id = s.user_id
          where s.id = t.session_id and (u.banned_until is null or u.banned_until <= ${now})
        )
      returning t.token, t.session_id
    ), child as (
      insert into auth.refresh_tokens (token, user_id, session_id, parent)
      select ${next}, s.user_id, s.id, old.token from old join auth.sessions s on s.id = old.session_id
    )
    update auth.sessions as s set refreshed_at = ${now}, updated_at = ${now}
    from old where s.id = old.session_id
    returning s.id, s.user_id, s.aal, s.amr`);
  const [row] = rows;
  return row && { id: row.id, userId: row.user_id, aal: row.aal, amr: row.amr };
}

/**
 * `grant_type=refresh_token`: rotation with GoTrue's reuse rules — a revoked token whose direct child
 * is still active returns that child; within the reuse interval a sibling is issued; otherwise the
 * whole session is revoked (deleted) and 400 `refresh_token_already_used` answered. The common case
 * (an active token) is one statement, then the user (see rotateActiveToken).
 */
export async function refreshSession(deps: AuthDeps, presented: string): Promise<SessionResponse> {
  const next = newRefreshToken();
  const rotated = await rotateActiveToken(deps, presented, next);
  if (rotated) return sessionResponse(deps, rotated, next);
  const outcome = await deps.db.transaction(async (tx) => {
    // The token (locked), its session and its user's ban in one statement. The alias: Postgres wants
    // an unqualified name after FOR UPDATE OF, and drizzle writes the table with its schema.
    const presentedToken = alias(authRefreshTokens, "presented_token");
    const [found] = await tx
      .select({ row: presentedToken, session: authSessions, bannedUntil: authUsers.bannedUntil })
      .from(presentedToken)
      .leftJoin(authSessions, eq(authSessions.id, presentedToken.sessionId))
      .leftJoin(authUsers, eq(authUsers.id, authSessions.userId))
      .where(eq(presentedToken.token, presented))
      .for("update", { of: presentedToken });
    if (!found) throw tokenNotFound();
    const { row, session, bannedUntil } = found;
    if (!session) throw apiError(400, "session_not_found", "Invalid Refresh Token: No Valid Session Found");
    if (bannedUntil && bannedUntil.getTime() > Date.now()) throw apiError(400, "user_banned", "User is banned");

    if (row.revoked) {
      const [activeChild] = await tx
        .select()
        .from(authRefreshTokens)
        .where(and(eq(authRefreshTokens.parent, row.token), eq(authRefreshTokens.revoked, false)));
      if (activeChild) return { ok: true as const, session, token: activeChild.token };
      const reuseUntil = row.updatedAt.getTime() + deps.config.refreshTokenReuseIntervalSeconds * 1000;
      if (Date.now() > reuseUntil) {
        await tx.delete(authSessions).where(eq(authSessions.id, session.id));
        return { ok: false as const };
      }
    } else {
      await tx
        .update(authRefreshTokens)
        .set({ revoked: true, updatedAt: new Date() })
        .where(eq(authRefreshTokens.id, row.id));
    }
    await tx.insert(authRefreshTokens).values({ token: next, userId: session.userId, sessionId: session.id, parent: row.token });
    const [refreshed] = await tx
      .update(authSessions)
      .set({ refreshedAt: new Date(), updatedAt: new Date() })
      .where(eq(authSessions.id, session.id))
      .returning();
    return { ok: true as const, session: refreshed!, token: next };
  });
  // The family revocation must commit, so the error is thrown outside the transaction.
  if (!outcome.ok) throw apiError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");
  return sessionResponse(deps, outcome.session, outcome.token);
}

/** Deletes sessions of a user: all, or all except `keepSessionId`. */
export async function revokeSessions(deps: AuthDeps, userId: string, keepSessionId?: string): Promise<void> {
  await deps.db
    .delete(authSessions)
    .where(keepSessionId ? and(eq(authSessions.userId, userId), ne(authSessions.id, keepSessionId)) : eq(authSessions.userId, userId));
  deps.liveness?.forgetUser(userId, keepSessionId);
}

/** A fresh refresh token for an existing session (after MFA verify the client gets new tokens). */
export async function reissueSession(deps: AuthDeps, session: AuthSessionRow): Promise<SessionResponse> {
  await deps.db
    .update(authRefreshTokens)
    .set({ revoked: true, updatedAt: new Date() })
    .where(eq(authRefreshTokens.sessionId, session.id));
  const token = newRefreshToken();
  await deps.db.insert(authRefreshTokens).values({ token, userId: session.userId, sessionId: session.id });
  return sessionResponse(deps, session, token);
}
