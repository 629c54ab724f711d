import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { authIdentities, authUsers, type AuthUserRow } from "@/lib/db";
import type { AuthDeps } from "./context";
import { apiError } from "./errors";
import type { ProviderProfile } from "./oauth-provider";
import { findUserByEmail, withProvider } from "./users";

async function userById(deps: AuthDeps, id: string): Promise<AuthUserRow> {
  const [user] = await deps.db.select().from(authUsers).where(eq(authUsers.id, id));
  if (!user) throw apiError(404, "user_not_found", "User not found");
  return user;
}

/** Adds (or refreshes) the provider identity of `user` and records the provider in app_metadata. */
async function saveIdentity(deps: AuthDeps, user: AuthUserRow, provider: string, profile: ProviderProfile): Promise<AuthUserRow> {
  const now = new Date();
  await deps.db
    .insert(authIdentities)
    .values({ id: randomUUID(), providerId: profile.id, userId: user.id, provider, identityData: profile.claims, lastSignInAt: now })
    .onConflictDoUpdate({
      target: [authIdentities.providerId, authIdentities.provider],
      set: {
        identityData: profile.mergeClaims ? sql`${authIdentities.identityData} || ${JSON.stringify(profile.claims)}::jsonb` : profile.claims,
        lastSignInAt: now,
        updatedAt: now,
      },
    });
  const [updated] = await deps.db
    .update(authUsers)
    .set({
      appMetadata: withProvider(user.appMetadata, provider),
      // A provider that vouches for the address confirms it, as GoTrue does.
      ...(profile.emailVerified && user.email === profile.email && !user.emailConfirmedAt ? { emailConfirmedAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(authUsers.id, user.id))
    .returning();
  return updated!;
}

/**
 * The user behind a provider identity, by GoTrue's rules: the identity's user if it is known; else
 * the user with the same e-mail when the provider has verified it (automatic linking); else a new
 * user (unless sign-ups are off). With `linkTo` (manual linking) the identity joins that user.
 */
export async function userForProviderIdentity(deps: AuthDeps, provider: string, profile: ProviderProfile, linkTo?: string): Promise<AuthUserRow> {
  const [identity] = await deps.db
    .select()
    .from(authIdentities)
    .where(and(eq(authIdentities.provider, provider), eq(authIdentities.providerId, profile.id)));
  if (linkTo) {
    if (identity && identity.userId !== linkTo) throw apiError(422, "identity_already_exists", "Identity is already linked to another user");
    return saveIdentity(deps, await userById(deps, linkTo), provider, profile);
  }
  if (identity) return saveIdentity(deps, await userById(deps, identity.userId), provider, profile);
  const sameEmail = profile.email ? await findUserByEmail(deps.db, profile.email) : undefined;
  if (sameEmail && profile.emailVerified) return saveIdentity(deps, sameEmail, provider, profile);
  if (deps.config.disableSignup) throw apiError(422, "signup_disabled", "Signups not allowed for this instance");
  const now = new Date();
  const [created] = await deps.db
    .insert(authUsers)
    .values({
      id: randomUUID(),
      aud: "authenticated",
      role: "authenticated",
      // An unverified address that another account already uses stays in the metadata only.
      email: sameEmail ? null : (profile.email ?? null),
      emailConfirmedAt: profile.emailVerified ? now : null,
      encryptedPassword: null,
      appMetadata: { provider, providers: [provider] },
      userMetadata: profile.claims,
    })
    .returning();
  return saveIdentity(deps, created!, provider, profile);
}
