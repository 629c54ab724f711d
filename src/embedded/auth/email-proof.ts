import { eq } from "drizzle-orm";
import { authUsers } from "@/lib/db";
import type { AuthDeps } from "./context";

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

/** Records that the user's current address was proven by a link or code sent to it. */
export async function recordEmailProvenByLink(deps: AuthDeps, userId: string): Promise<void> {
  const [user] = await deps.db.select().from(authUsers).where(eq(authUsers.id, userId));
  if (!user?.email) return;
  await deps.db
    .update(authUsers)
    .set({ appMetadata: { ...user.appMetadata, ...emailProof("link", user.email) } })
    .where(eq(authUsers.id, userId));
}
