import { randomUUID } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { authFlowStates, type Database } from "@/lib/db";

/*
 * An OAuth round trip's signed `state` is good for one callback. The JWT alone cannot say it was
 * used, so each one names a row (`once`) that the first callback deletes: a second callback with the
 * same state (a kept cookie + state and a fresh code from the provider) finds nothing and is refused.
 * The row lives in auth.flow_state beside PKCE's, marked by its authentication_method; a DELETE …
 * RETURNING is atomic, so two processes on one PostgreSQL cannot both spend it. No user, no
 * challenge and an auth_code nobody is ever told: /token cannot exchange it.
 */

const METHOD = "oauth_state";

export async function reserveOAuthState(db: Database, lifetimeSeconds: number): Promise<string> {
  // Abandoned round trips would otherwise stay forever: sweep the expired ones as new ones come.
  const expired = new Date(Date.now() - lifetimeSeconds * 1000);
  await db.delete(authFlowStates).where(and(eq(authFlowStates.authenticationMethod, METHOD), lt(authFlowStates.createdAt, expired)));
  const id = randomUUID();
  await db.insert(authFlowStates).values({
    id,
    userId: null,
    authCode: randomUUID(),
    codeChallenge: "",
    codeChallengeMethod: "",
    providerType: "",
    authenticationMethod: METHOD,
  });
  return id;
}

/** Spends the state's row: true the first time, false ever after (or for a row that never was). */
export async function consumeOAuthState(db: Database, id: string): Promise<boolean> {
  const spent = await db
    .delete(authFlowStates)
    .where(and(eq(authFlowStates.id, id), eq(authFlowStates.authenticationMethod, METHOD)))
    .returning({ id: authFlowStates.id });
  return spent.length > 0;
}
