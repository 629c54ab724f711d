import { and, eq, exists } from "drizzle-orm";
import { authMfaFactors, authSessions, authUsers, type Database } from "@/lib/db";
import { TtlCache } from "@/lib/ttl-cache";

/**
 * What a product surface needs to know about a signed access token beyond its signature: whether its
 * session still exists for a user who is neither deleted nor banned, and whether that user has a
 * verified MFA factor (then only an aal2 token may use the product). Not in the JWT: it changes
 * while the token lives (sign-out, admin delete / ban, refresh-token reuse, MFA enrolment).
 */
export type SessionLiveness = { live: false; bannedUntil?: Date } | { live: true; userId: string; aalRequired: "aal1" | "aal2" };

/** Who may use the product with this token: the user, a user who must finish MFA first, or nobody. */
export type SessionVerdict =
  | { state: "ok"; userId: string }
  | { state: "mfa_required"; userId: string }
  /** `bannedUntil`: the session's user is banned until then (so a page can say why, not only "sign in"). */
  | { state: "signed_out"; bannedUntil?: Date };

export function sessionVerdict(claims: { aal?: unknown }, liveness: SessionLiveness): SessionVerdict {
  if (!liveness.live) return liveness.bannedUntil ? { state: "signed_out", bannedUntil: liveness.bannedUntil } : { state: "signed_out" };
  if (liveness.aalRequired === "aal2" && claims.aal !== "aal2") return { state: "mfa_required", userId: liveness.userId };
  return { state: "ok", userId: liveness.userId };
}

export type SessionLivenessOptions = {
  /** How long an answer is reused (ms): a revoked session is refused at most this late. */
  cacheMs: number;
  /** Bound on cached sessions. */
  maxEntries?: number;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_LIVE: SessionLiveness = { live: false };

/**
 * One indexed query per session (sessions ⋈ users, plus an EXISTS on verified factors), cached for a
 * few seconds by session id: this runs on every product request.
 */
export function createSessionLiveness(db: Database, options: SessionLivenessOptions) {
  const cache = new TtlCache<SessionLiveness>(options.cacheMs, options.maxEntries ?? 10_000);

  /** A ban revokes the sessions: the token's user (signature-checked) says whether that is why. */
  async function bannedUser(userId: unknown): Promise<SessionLiveness> {
    if (typeof userId !== "string" || !UUID.test(userId)) return NOT_LIVE;
    const [user] = await db.select({ bannedUntil: authUsers.bannedUntil, deletedAt: authUsers.deletedAt }).from(authUsers).where(eq(authUsers.id, userId));
    return user?.bannedUntil && !user.deletedAt && user.bannedUntil.getTime() > Date.now() ? { live: false, bannedUntil: user.bannedUntil } : NOT_LIVE;
  }

  async function load(sessionId: string, userId: unknown): Promise<SessionLiveness> {
    const [row] = await db
      .select({
        userId: authSessions.userId,
        bannedUntil: authUsers.bannedUntil,
        deletedAt: authUsers.deletedAt,
        hasFactor: exists(
          db
            .select({ id: authMfaFactors.id })
            .from(authMfaFactors)
            .where(and(eq(authMfaFactors.userId, authSessions.userId), eq(authMfaFactors.status, "verified"))),
        ),
      })
      .from(authSessions)
      .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
      .where(eq(authSessions.id, sessionId));
    const banned = row?.bannedUntil && row.bannedUntil.getTime() > Date.now(); // as users.ts isBanned
    if (!row) return bannedUser(userId);
    if (row.deletedAt) return NOT_LIVE;
    if (banned) return { live: false, bannedUntil: row.bannedUntil! };
    return { live: true, userId: row.userId, aalRequired: row.hasFactor ? "aal2" : "aal1" };
  }

  return {
    /** Liveness of a verified user token's session (tokens without a session are not live). */
    async check(claims: { sub?: unknown; session_id?: unknown }): Promise<SessionLiveness> {
      const sessionId = claims.session_id;
      if (typeof sessionId !== "string" || !UUID.test(sessionId)) return NOT_LIVE;
      const liveness = await cache.getOrLoad(sessionId, () => load(sessionId, claims.sub));
      if (!liveness.live) return liveness;
      return liveness.userId === claims.sub ? liveness : NOT_LIVE;
    },
    /**
     * Forgets the user's cached sessions (but `keepSessionId`'s) once they are revoked: a ban or a
     * global sign-out shows on the next request in this process; other processes within `cacheMs`.
     */
    forgetUser(userId: string, keepSessionId?: string): void {
      cache.deleteWhere((liveness, sessionId) => liveness.live && liveness.userId === userId && sessionId !== keepSessionId);
    },
  };
}

export type SessionLivenessChecker = ReturnType<typeof createSessionLiveness>;
