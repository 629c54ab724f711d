import { and, eq, isNull, type SQL } from "drizzle-orm";
import {
  authUsers,
  type AuthFactorRow,
  type AuthIdentityRow,
  type AuthUserRow,
  type Database,
} from "@/lib/db";
import { apiError, badRequest } from "./errors";
import { preparedQueries } from "./prepared-queries";

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : undefined);

/** Drops `undefined` values so JSON omits them (GoTrue omits null timestamps). */
function compact<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}

export function serializeIdentity(identity: AuthIdentityRow) {
  const email = typeof identity.identityData.email === "string" ? identity.identityData.email : undefined;
  return compact({
    identity_id: identity.id,
    id: identity.providerId,
    user_id: identity.userId,
    identity_data: identity.identityData,
    provider: identity.provider,
    last_sign_in_at: iso(identity.lastSignInAt) ?? null,
    created_at: identity.createdAt.toISOString(),
    updated_at: identity.updatedAt.toISOString(),
    email: email || undefined,
  });
}

export function serializeFactor(factor: AuthFactorRow) {
  return compact({
    id: factor.id,
    created_at: factor.createdAt.toISOString(),
    updated_at: factor.updatedAt.toISOString(),
    status: factor.status,
    friendly_name: factor.friendlyName || undefined,
    factor_type: factor.factorType,
    phone: factor.phone ?? "",
    last_challenged_at: iso(factor.lastChallengedAt) ?? null,
  });
}

export interface UserBundle {
  user: AuthUserRow;
  identities: AuthIdentityRow[];
  factors: AuthFactorRow[];
}

export function serializeUser({ user, identities, factors }: UserBundle) {
  const confirmed = [user.emailConfirmedAt, user.phoneConfirmedAt].filter((date): date is Date => !!date);
  const confirmedAt = confirmed.length ? new Date(Math.min(...confirmed.map((date) => date.getTime()))) : undefined;
  return compact({
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? "",
    email_confirmed_at: iso(user.emailConfirmedAt),
    phone: user.phone ?? "",
    phone_confirmed_at: iso(user.phoneConfirmedAt),
    confirmation_sent_at: iso(user.confirmationSentAt),
    confirmed_at: iso(confirmedAt),
    recovery_sent_at: iso(user.recoverySentAt),
    new_email: user.emailChange || undefined,
    email_change_sent_at: iso(user.emailChangeSentAt),
    new_phone: user.phoneChange || undefined,
    phone_change_sent_at: iso(user.phoneChangeSentAt),
    reauthentication_sent_at: iso(user.reauthenticationSentAt),
    invited_at: iso(user.invitedAt),
    last_sign_in_at: iso(user.lastSignInAt),
    banned_until: iso(user.bannedUntil),
    deleted_at: iso(user.deletedAt),
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    identities: identities.map(serializeIdentity),
    factors: factors.length ? factors.map(serializeFactor) : undefined,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: user.isAnonymous,
  });
}

export type SerializedUser = ReturnType<typeof serializeUser>;

export async function loadUserBundle(db: Database, userId: string): Promise<UserBundle | undefined> {
  const found = await preparedQueries(db).userBundle.execute({ userId });
  if (!found) return undefined;
  const { identities, factors, ...user } = found;
  return { user, identities, factors };
}

export async function loadSerializedUser(db: Database, userId: string): Promise<SerializedUser> {
  const bundle = await loadUserBundle(db, userId);
  if (!bundle) throw apiError(404, "user_not_found", "User not found");
  return serializeUser(bundle);
}

/** The user (not deleted) matching `condition`. */
async function findLiveUser(db: Database, condition: SQL): Promise<AuthUserRow | undefined> {
  const [user] = await db
    .select()
    .from(authUsers)
    .where(and(condition, isNull(authUsers.deletedAt)));
  return user;
}

export function findUserByEmail(db: Database, email: string): Promise<AuthUserRow | undefined> {
  return findLiveUser(db, eq(authUsers.email, email));
}

export function findUserByPhone(db: Database, phone: string): Promise<AuthUserRow | undefined> {
  return findLiveUser(db, eq(authUsers.phone, phone));
}

/** The user waiting to move to `phone` (GoTrue looks phone changes up by the new number). */
export function findUserByPhoneChange(db: Database, phone: string): Promise<AuthUserRow | undefined> {
  return findLiveUser(db, eq(authUsers.phoneChange, phone));
}

const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Lower-cased, syntactically valid address or 400 `validation_failed` (GoTrue's exact text). */
export function normalizeEmail(email: string): string {
  const trimmed = email.trim();
  if (trimmed.length > 255 || !EMAIL_PATTERN.test(trimmed)) {
    throw badRequest("Unable to validate email address: invalid format");
  }
  return trimmed.toLowerCase();
}

/** E.164 digits without "+" or 400 `validation_failed`. */
export function normalizePhone(phone: string): string {
  const digits = phone.trim().replace(/^\+/, "").replace(/[\s-]/g, "");
  if (!/^[1-9]\d{1,14}$/.test(digits)) throw badRequest("Invalid phone number format (E.164 required)");
  return digits;
}

export const isBanned = (user: AuthUserRow) => !!user.bannedUntil && user.bannedUntil.getTime() > Date.now();

export function providersOf(user: AuthUserRow): string[] {
  const providers = user.appMetadata.providers;
  return Array.isArray(providers) ? (providers as string[]) : [];
}

/** `app_metadata` with `provider` (first) and `providers` updated for a newly linked provider. */
export function withProvider(appMetadata: Record<string, unknown>, provider: string): Record<string, unknown> {
  const providers = Array.isArray(appMetadata.providers) ? [...(appMetadata.providers as string[])] : [];
  if (!providers.includes(provider)) providers.push(provider);
  return { ...appMetadata, provider: appMetadata.provider ?? provider, providers };
}

/**
 * Rate-limit key of the e-mail / phone a request acts on, normalized loosely (case, `+`, spaces)
 * so spelling variants share one bucket; never throws (validation happens later, in the handler).
 */
export function identifierKey(body: { email?: string | null; phone?: string | null }): string | undefined {
  if (body.email) return `email:${body.email.trim().toLowerCase()}`;
  if (body.phone) return `phone:${body.phone.trim().replace(/^\+/, "").replace(/[\s-]/g, "")}`;
  return undefined;
}
