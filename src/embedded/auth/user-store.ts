import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { authIdentities, authUsers, type AuthUserRow } from "@/lib/db";
import type { AuthDeps } from "./context";
import { emailProof, type EmailProofMethod } from "./email-proof";
import { hashPassword } from "./passwords";
import { withProvider } from "./users";

export interface NewUser {
  id?: string;
  email?: string;
  phone?: string;
  password?: string;
  passwordHash?: string;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  role?: string;
  aud?: string;
  emailConfirmed?: boolean;
  /** Who confirmed the address at creation (`email-proof.ts`); default "autoconfirm". */
  emailConfirmedBy?: Exclude<EmailProofMethod, "link">;
  phoneConfirmed?: boolean;
  isAnonymous?: boolean;
  invitedAt?: Date;
}

export const randomPassword = () => randomBytes(32).toString("base64url");

/** Identity data of the email / phone provider (kept on the identity, not in `user_metadata`). */
export function identityData(user: { id: string; email?: string | null; phone?: string | null }, verified: { email: boolean; phone: boolean }) {
  return {
    sub: user.id,
    ...(user.email ? { email: user.email } : {}),
    ...(user.phone && !user.email ? { phone: user.phone } : {}),
    email_verified: verified.email,
    phone_verified: verified.phone,
  };
}

/** Inserts a user with its email / phone identity (GoTrue's signup / admin create semantics). */
export async function insertUser(deps: AuthDeps, input: NewUser): Promise<AuthUserRow> {
  const id = input.id ?? randomUUID();
  const now = new Date();
  const data = identityData({ id, email: input.email, phone: input.phone }, { email: false, phone: false });
  const encryptedPassword =
    input.passwordHash ?? (input.isAnonymous ? null : await hashPassword(input.password ?? randomPassword(), deps.config));
  let appMetadata: Record<string, unknown> = {};
  if (input.email) appMetadata = withProvider(appMetadata, "email");
  if (input.phone) appMetadata = withProvider(appMetadata, "phone");
  if (input.email && input.emailConfirmed) appMetadata = { ...appMetadata, ...emailProof(input.emailConfirmedBy ?? "autoconfirm", input.email) };
  const [user] = await deps.db
    .insert(authUsers)
    .values({
      id,
      aud: input.aud ?? "authenticated",
      role: input.role ?? "authenticated",
      email: input.email ?? null,
      phone: input.phone ?? null,
      encryptedPassword,
      emailConfirmedAt: input.email && input.emailConfirmed ? now : null,
      phoneConfirmedAt: input.phone && input.phoneConfirmed ? now : null,
      invitedAt: input.invitedAt ?? null,
      appMetadata: { ...appMetadata, ...(input.appMetadata ?? {}) },
      // GoTrue keeps user_metadata as given; the provider's data (sub, email, …) is the identity's.
      userMetadata: { ...(input.userMetadata ?? {}) },
      isAnonymous: input.isAnonymous ?? false,
    })
    .returning();
  if (input.email) await upsertIdentity(deps, id, "email", { ...data, email_verified: !!input.emailConfirmed });
  if (input.phone) {
    await upsertIdentity(deps, id, "phone", { sub: id, phone: input.phone, email_verified: false, phone_verified: !!input.phoneConfirmed });
  }
  return user!;
}

export async function upsertIdentity(deps: AuthDeps, userId: string, provider: string, data: Record<string, unknown>) {
  const [existing] = await deps.db
    .select()
    .from(authIdentities)
    .where(and(eq(authIdentities.userId, userId), eq(authIdentities.provider, provider)));
  if (existing) {
    await deps.db
      .update(authIdentities)
      .set({ identityData: { ...existing.identityData, ...data }, updatedAt: new Date() })
      .where(eq(authIdentities.id, existing.id));
    return;
  }
  await deps.db.insert(authIdentities).values({ id: randomUUID(), providerId: userId, userId, provider, identityData: data });
}

/** Marks the email confirmed (identity + user_metadata `email_verified`, as GoTrue's Confirm). */
export async function confirmEmail(deps: AuthDeps, user: AuthUserRow): Promise<void> {
  const now = new Date();
  await deps.db
    .update(authUsers)
    .set({
      emailConfirmedAt: user.emailConfirmedAt ?? now,
      userMetadata: { ...user.userMetadata, email_verified: true },
      isAnonymous: false,
      updatedAt: now,
    })
    .where(eq(authUsers.id, user.id));
  await upsertIdentity(deps, user.id, "email", { sub: user.id, email: user.email, email_verified: true });
}

export async function confirmPhone(deps: AuthDeps, user: AuthUserRow): Promise<void> {
  const now = new Date();
  await deps.db
    .update(authUsers)
    .set({
      phoneConfirmedAt: user.phoneConfirmedAt ?? now,
      isAnonymous: false,
      updatedAt: now,
    })
    .where(eq(authUsers.id, user.id));
  await upsertIdentity(deps, user.id, "phone", { sub: user.id, phone: user.phone, phone_verified: true });
}
