import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { JWTPayload } from "jose";
import type { AuthSessionRow } from "@/lib/db";
import type { AuthDeps } from "./context";
import { apiError } from "./errors";
import { InvalidJwtError } from "./keys";
import { isUuid } from "./request";
import { preparedQueries } from "./prepared-queries";
import { isBanned, type UserBundle } from "./users";

export interface AuthVariables {
  claims: JWTPayload & Record<string, unknown>;
  bundle: UserBundle;
  session: AuthSessionRow | undefined;
}

export type AuthEnv = { Variables: AuthVariables };

const ADMIN_ROLES = new Set(["service_role", "supabase_admin"]);

export async function verifyBearer(deps: AuthDeps, c: Context): Promise<JWTPayload & Record<string, unknown>> {
  const header = c.req.header("authorization") ?? "";
  const match = header.match(/^bearer\s+(\S+)$/i);
  if (!match) throw apiError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  try {
    return (await deps.keys.verify(match[1]!)) as JWTPayload & Record<string, unknown>;
  } catch (error) {
    if (error instanceof InvalidJwtError) throw apiError(403, "bad_jwt", error.message);
    throw error;
  }
}

const sessionNotFound = () => apiError(403, "session_not_found", "Session from session_id claim in JWT does not exist");

/** The token's session for admin routes (no user row needed there). */
async function loadSession(deps: AuthDeps, claims: Record<string, unknown>): Promise<AuthSessionRow | undefined> {
  const sessionId = claims.session_id;
  if (typeof sessionId !== "string" || !sessionId) return undefined;
  const [session] = isUuid(sessionId) ? await preparedQueries(deps.db).sessionById.execute({ sessionId }) : [];
  if (!session) throw sessionNotFound();
  return session;
}

/** Routes for a signed-in user: valid token, existing user and session, not banned. */
export const requireUser = (deps: AuthDeps) =>
  createMiddleware<AuthEnv>(async (c, next) => {
    const claims = await verifyBearer(deps, c);
    const sub = claims.sub;
    if (!sub) throw apiError(403, "bad_jwt", "invalid claim: missing sub claim");
    if (!isUuid(sub)) throw apiError(400, "bad_jwt", "invalid claim: sub claim must be a UUID");
    // The user and the token's session in one read; a session must be this user's.
    const sessionId = typeof claims.session_id === "string" && claims.session_id ? claims.session_id : undefined;
    const { bundle, session } = await deps.signedIn.signedIn(sub, sessionId !== undefined && isUuid(sessionId) ? sessionId : undefined);
    if (!bundle) throw apiError(403, "user_not_found", "User from sub claim in JWT does not exist");
    if (sessionId !== undefined && !session) throw sessionNotFound();
    if (isBanned(bundle.user)) throw apiError(403, "user_banned", "User is banned");
    c.set("claims", claims);
    c.set("bundle", bundle);
    c.set("session", session);
    await next();
  });

/** Admin routes: a bearer whose role is `service_role` / `supabase_admin`. */
export const requireAdmin = (deps: AuthDeps) =>
  createMiddleware(async (c, next) => {
    const claims = await verifyBearer(deps, c);
    if (typeof claims.role !== "string" || !ADMIN_ROLES.has(claims.role)) {
      throw apiError(403, "not_admin", "User not allowed");
    }
    await loadSession(deps, claims);
    await next();
  });
