import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { authSchema } from "./namespaces";

// Tables of the embedded Supabase Auth (GoTrue)-compatible service (src/embedded/auth).
// Column names follow GoTrue's own `auth` schema where a counterpart exists.

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

export const authUsers = authSchema.table(
  "users",
  {
    id: uuid("id").primaryKey(),
    aud: text("aud").notNull().default("authenticated"),
    role: text("role").notNull().default("authenticated"),
    email: text("email"),
    phone: text("phone"),
    encryptedPassword: text("encrypted_password"),
    emailConfirmedAt: at("email_confirmed_at"),
    phoneConfirmedAt: at("phone_confirmed_at"),
    confirmationSentAt: at("confirmation_sent_at"),
    recoverySentAt: at("recovery_sent_at"),
    emailChange: text("email_change"),
    emailChangeSentAt: at("email_change_sent_at"),
    phoneChange: text("phone_change"),
    phoneChangeSentAt: at("phone_change_sent_at"),
    reauthenticationSentAt: at("reauthentication_sent_at"),
    invitedAt: at("invited_at"),
    lastSignInAt: at("last_sign_in_at"),
    bannedUntil: at("banned_until"),
    deletedAt: at("deleted_at"),
    appMetadata: jsonb("raw_app_meta_data").$type<Record<string, unknown>>().notNull().default({}),
    userMetadata: jsonb("raw_user_meta_data").$type<Record<string, unknown>>().notNull().default({}),
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("users_email_key").on(table.email).where(sql`${table.email} is not null and ${table.deletedAt} is null`),
    uniqueIndex("users_phone_key").on(table.phone).where(sql`${table.phone} is not null and ${table.deletedAt} is null`),
    index("users_created_at_idx").on(table.createdAt),
  ],
);

export const authIdentities = authSchema.table(
  "identities",
  {
    id: uuid("id").primaryKey(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    identityData: jsonb("identity_data").$type<Record<string, unknown>>().notNull().default({}),
    provider: text("provider").notNull(),
    lastSignInAt: at("last_sign_in_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("identities_provider_id_provider_key").on(table.providerId, table.provider),
    index("identities_user_id_idx").on(table.userId),
  ],
);

/** One authentication method of a session, newest first in tokens (GoTrue's `amr` claim). */
export interface AmrEntry {
  method: string;
  timestamp: number;
}

export const authSessions = authSchema.table(
  "sessions",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    aal: text("aal").notNull().default("aal1"),
    amr: jsonb("amr").$type<AmrEntry[]>().notNull().default([]),
    factorId: uuid("factor_id"),
    userAgent: text("user_agent"),
    ip: text("ip"),
    refreshedAt: at("refreshed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const authRefreshTokens = authSchema.table(
  "refresh_tokens",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    token: text("token").notNull(),
    userId: uuid("user_id").notNull(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    parent: text("parent"),
    revoked: boolean("revoked").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("refresh_tokens_token_key").on(table.token),
    index("refresh_tokens_session_id_idx").on(table.sessionId),
    index("refresh_tokens_parent_idx").on(table.parent),
  ],
);

/** Hashed e-mail/SMS tokens (confirmation, recovery, e-mail change, phone change, reauthentication). */
export const authOneTimeTokens = authSchema.table(
  "one_time_tokens",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    tokenType: text("token_type").notNull(),
    tokenHash: text("token_hash").notNull(),
    relatesTo: text("relates_to").notNull(),
    /** Wrong codes typed for this token; a handful burns it (per-code guess budget, kept across restarts). */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index("one_time_tokens_token_hash_idx").on(table.tokenHash),
    uniqueIndex("one_time_tokens_user_type_key").on(table.userId, table.tokenType),
  ],
);

/** PKCE flow states: the code challenge waiting for `grant_type=pkce`. */
export const authFlowStates = authSchema.table(
  "flow_state",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id").references(() => authUsers.id, { onDelete: "cascade" }),
    authCode: text("auth_code").notNull(),
    codeChallenge: text("code_challenge").notNull(),
    codeChallengeMethod: text("code_challenge_method").notNull(),
    providerType: text("provider_type").notNull(),
    authenticationMethod: text("authentication_method").notNull(),
    authCodeIssuedAt: at("auth_code_issued_at"),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("flow_state_auth_code_key").on(table.authCode)],
);

export const authMfaFactors = authSchema.table(
  "mfa_factors",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    friendlyName: text("friendly_name"),
    factorType: text("factor_type").notNull(),
    status: text("status").notNull().default("unverified"),
    secret: text("secret"),
    phone: text("phone"),
    lastChallengedAt: at("last_challenged_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("mfa_factors_user_id_idx").on(table.userId)],
);

export const authMfaChallenges = authSchema.table("mfa_challenges", {
  id: uuid("id").primaryKey(),
  factorId: uuid("factor_id")
    .notNull()
    .references(() => authMfaFactors.id, { onDelete: "cascade" }),
  ipAddress: text("ip_address"),
  otpCodeHash: text("otp_code"),
  verifiedAt: at("verified_at"),
  /** Wrong codes typed against this challenge; a handful burns it. Summed per factor for its own cap. */
  failedAttempts: integer("failed_attempts").notNull().default(0),
  createdAt: createdAt(),
});

/** SMS sent per UTC day by the auth service: the global daily budget survives restarts. */
export const authSmsDailyCounts = authSchema.table("sms_daily_counts", {
  day: text("day").primaryKey(),
  count: integer("count").notNull().default(0),
});

/**
 * Fixed-window request counters of the auth limits, shared by every process on one PostgreSQL
 * (with PGlite, one process by construction, they stay in memory). Old windows are pruned.
 */
export const authRateLimitWindows = authSchema.table("rate_limit_windows", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

export const authAuditLog = authSchema.table(
  "audit_log_entries",
  {
    id: uuid("id").primaryKey(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (table) => [index("audit_log_entries_created_at_idx").on(table.createdAt)],
);

/** Per-installation secrets: the generated signing key pair and the anon / service-role API keys. */
export const authInstanceKeys = authSchema.table("instance_keys", {
  name: text("name").primaryKey(),
  value: jsonb("value").$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

export type AuthUserRow = typeof authUsers.$inferSelect;
export type AuthIdentityRow = typeof authIdentities.$inferSelect;
export type AuthSessionRow = typeof authSessions.$inferSelect;
export type AuthFactorRow = typeof authMfaFactors.$inferSelect;
