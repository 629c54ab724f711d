import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * A user's personal API keys (`sk-…`) for the OpenAI-compatible API. Only a SHA-256 hash of the
 * secret is stored (the secret has 240 random bits, so a fast hash is enough: there is nothing to
 * guess); `prefix` is what lists show. A key acts as its user; `allowed_apps` null means every app.
 * Lock-down: `allowed_ips` (IPs / CIDRs; null: anywhere), `requests_per_minute` (null: the plan's
 * ceiling), `seen_networks` (the /24 or /48 networks it was used from, newest last, bounded: the
 * new-network notice) and `expiry_reminded_at` (the expiry reminder mail was claimed then).
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull(),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull(),
    allowedApps: jsonb("allowed_apps").$type<string[] | null>(),
    monthlyTokenCap: integer("monthly_token_cap"),
    allowedIps: jsonb("allowed_ips").$type<string[] | null>(),
    requestsPerMinute: integer("requests_per_minute"),
    seenNetworks: jsonb("seen_networks").$type<string[]>().notNull().default([]),
    expiryRemindedAt: timestamp("expiry_reminded_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("api_keys_secret_hash_key").on(table.secretHash),
    index("api_keys_user_idx").on(table.userId).where(sql`${table.revokedAt} is null`),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
