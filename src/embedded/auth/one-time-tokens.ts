import { createHash, randomInt, randomUUID } from "node:crypto";
import { and, desc, eq, gte, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { authFlowStates, authOneTimeTokens, type Database } from "@/lib/db";

export type TokenType =
  | "confirmation_token"
  | "recovery_token"
  | "email_change_token_new"
  | "email_change_token_current"
  | "phone_change_token"
  | "reauthentication_token";

export function generateOtp(length: number): string {
  return Array.from({ length }, () => randomInt(10)).join("");
}

/** GoTrue's token hash: hex SHA-224 of identifier + OTP. Links carry it; users type the OTP. */
export function tokenHash(identifier: string, otp: string): string {
  return createHash("sha224").update(identifier + otp).digest("hex");
}

export async function storeToken(db: Database, userId: string, type: TokenType, hash: string, relatesTo: string) {
  await db.delete(authOneTimeTokens).where(and(eq(authOneTimeTokens.userId, userId), eq(authOneTimeTokens.tokenType, type)));
  await db.insert(authOneTimeTokens).values({ id: randomUUID(), userId, tokenType: type, tokenHash: hash, relatesTo });
}

/** Finds a stored token by its hash (with or without the `pkce_` prefix) among `types`. */
export async function findToken(db: Database, hashes: string[], types: TokenType[]) {
  const candidates = hashes.flatMap((hash) => [hash, hash.startsWith("pkce_") ? hash.slice(5) : `pkce_${hash}`]);
  const [row] = await db
    .select()
    .from(authOneTimeTokens)
    .where(and(inArray(authOneTimeTokens.tokenHash, candidates), inArray(authOneTimeTokens.tokenType, types)))
    .orderBy(desc(authOneTimeTokens.createdAt))
    .limit(1);
  return row;
}

/**
 * Counts one wrong code against the live tokens a guess was aimed at (those sent to `relatesTo`, or
 * the user's own), and burns those that reached `maxAttempts`: without this a 6-digit code falls to
 * brute force well within its lifetime. Kept in the database so a restart grants no new guesses.
 */
export async function recordFailedAttempt(
  db: Database,
  target: { relatesTo: string } | { userId: string },
  types: TokenType[],
  maxAttempts: number,
): Promise<void> {
  const aimedAt: SQL =
    "relatesTo" in target ? eq(authOneTimeTokens.relatesTo, target.relatesTo) : eq(authOneTimeTokens.userId, target.userId);
  const scope = and(aimedAt, inArray(authOneTimeTokens.tokenType, types));
  await db
    .update(authOneTimeTokens)
    .set({ failedAttempts: sql`${authOneTimeTokens.failedAttempts} + 1` })
    .where(scope);
  await db.delete(authOneTimeTokens).where(and(scope, gte(authOneTimeTokens.failedAttempts, maxAttempts)));
}

export async function deleteTokens(db: Database, userId: string, types?: TokenType[]) {
  await db
    .delete(authOneTimeTokens)
    .where(types ? and(eq(authOneTimeTokens.userId, userId), inArray(authOneTimeTokens.tokenType, types)) : eq(authOneTimeTokens.userId, userId));
}

export interface PkceRequest {
  codeChallenge: string;
  codeChallengeMethod: string;
}

export async function createFlowState(
  db: Database,
  options: PkceRequest & { userId: string | null; providerType: string; authenticationMethod: string },
) {
  const [row] = await db
    .insert(authFlowStates)
    .values({
      id: randomUUID(),
      userId: options.userId,
      authCode: randomUUID(),
      codeChallenge: options.codeChallenge,
      codeChallengeMethod: options.codeChallengeMethod.toLowerCase(),
      providerType: options.providerType,
      authenticationMethod: options.authenticationMethod,
    })
    .returning();
  return row!;
}

/** The newest flow state of a user whose link has not been verified yet (set when the mail was sent). */
export async function findPendingFlowState(db: Database, userId: string) {
  const [row] = await db
    .select()
    .from(authFlowStates)
    .where(and(eq(authFlowStates.userId, userId), isNull(authFlowStates.authCodeIssuedAt)))
    .orderBy(desc(authFlowStates.createdAt))
    .limit(1);
  return row;
}
