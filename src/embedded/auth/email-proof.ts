import { and, eq, ne } from "drizzle-orm";
import { authIdentities, authMfaFactors, authSessions, authUsers } from "@/lib/db";
import type { AuthDeps } from "./context";
import { recordAuthEvent } from "./audit-log";

/*
 * How a user's e-mail address came to be confirmed, kept in app_metadata (writable only with the
 * service key) as `email_proof: { method, email }`:
 *   "link"        a link or code sent to that mailbox came back (signup / magic link / invite /
 *                 recovery / e-mail change): whoever holds the account reads that mailbox;
 *   "autoconfirm" confirmed at once by AUTH_AUTOCONFIRM: nobody showed they read it;
 *   "admin"       confirmed by the service key (admin create with email_confirm).
 * The app grants the operator role to an ADMIN_EMAILS address only for "link" (issue 30, finding 3).
 * `email` pins the proof to the address proven: an address changed any other way is unproven.
 */
export type EmailProofMethod = "link" | "autoconfirm" | "admin";

export const emailProof = (method: EmailProofMethod, email: string) => ({ email_proof: { method, email } });

/** The address `user` has now was confirmed by AUTH_AUTOCONFIRM alone: nobody has proven it yet. */
function onlyAutoconfirmed(appMetadata: Record<string, unknown>, email: string): boolean {
  const proof = appMetadata.email_proof as { method?: unknown; email?: unknown } | undefined;
  return proof?.method === "autoconfirm" && proof.email === email;
}

/**
 * Records that the user's current address was proven by a link or code sent to it.
 *
 * The first proof of an address that AUTH_AUTOCONFIRM let in unproven also ends what was attached
 * before it (account pre-hijacking): anyone could have signed up with that address, so whatever they
 * set up must not keep working once the mailbox's owner shows up — the password (dropped), every
 * session (revoked), and every other way in or lock they could have added: the phone number, linked
 * sign-in identities (WeChat, OAuth) and MFA factors. The prover's own session is started after this
 * (verify route / PKCE exchange); a new password is set as after any magic link or recovery.
 */
export async function recordEmailProvenByLink(deps: AuthDeps, userId: string): Promise<void> {
  const [user] = await deps.db.select().from(authUsers).where(eq(authUsers.id, userId));
  if (!user?.email) return;
  const proof = emailProof("link", user.email);
  if (!onlyAutoconfirmed(user.appMetadata, user.email)) {
    await deps.db.update(authUsers).set({ appMetadata: { ...user.appMetadata, ...proof } }).where(eq(authUsers.id, userId));
    return;
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(authUsers)
      .set({
        appMetadata: { ...user.appMetadata, provider: "email", providers: ["email"], ...proof },
        encryptedPassword: null,
        phone: null,
        phoneConfirmedAt: null,
        phoneChange: null,
        phoneChangeSentAt: null,
        updatedAt: new Date(),
      })
      .where(eq(authUsers.id, userId));
    await tx.delete(authIdentities).where(and(eq(authIdentities.userId, userId), ne(authIdentities.provider, "email")));
    await tx.delete(authMfaFactors).where(eq(authMfaFactors.userId, userId));
    await tx.delete(authSessions).where(eq(authSessions.userId, userId));
  });
  await recordAuthEvent(deps.db, { userId, action: "user_modified", traits: { reason: "first_email_proof" } });
}
