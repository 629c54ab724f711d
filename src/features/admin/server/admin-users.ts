import "server-only";
import type { Factor, User } from "@supabase/supabase-js";
import { inArray } from "drizzle-orm";
import { getPlanCatalog } from "@/features/billing/server";
import { subscriptions, type Database } from "@/lib/db";
import { createSupabaseAdminClient } from "@/lib/supabase/admin";
import { getSupabaseConnection } from "@/lib/supabase/connection";
import type { AdminUserFactor, AdminUserIdentity, AdminUserRow, AdminUsersPage, AdminUserStatus } from "../types";
import { hasAdminRole, listUsersPage } from "./admin-role";
import { activeBanEnd } from "@/lib/supabase/ban";

export const ADMIN_USERS_PER_PAGE = 20;
/** Bans longer than this are shown as 永久 (the console's 永久 is 100 years). */
const PERMANENT_AFTER_MS = 50 * 365 * 24 * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUserId(value: string): boolean {
  return UUID.test(value);
}

export function userStatus(user: Pick<User, "banned_until">, now = new Date()): AdminUserStatus {
  const until = activeBanEnd(user, now);
  if (!until) return { banned: false };
  return { banned: true, until: until.toISOString(), permanent: until.getTime() - now.getTime() > PERMANENT_AFTER_MS };
}

/**
 * One page of users, newest first, searched by e-mail / phone (a substring, the auth service's
 * `filter`) or by exact id. Paged by the auth service, so 10 000 users cost one page's rows; their
 * plans come from one query over the page's ids.
 */
export async function searchUsers(db: Database, { query, page }: { query: string; page: number }): Promise<AdminUsersPage> {
  const q = query.trim();
  let users: User[];
  let total: number;
  if (isUserId(q)) {
    const admin = await createSupabaseAdminClient();
    const { data } = await admin.auth.admin.getUserById(q);
    users = data.user ? [data.user] : [];
    total = users.length;
  } else {
    ({ users, total } = await listUsersPage(await getSupabaseConnection(), { page, perPage: ADMIN_USERS_PER_PAGE, filter: q || undefined }));
  }
  const plans = await planNames(db, users.map((user) => user.id));
  const freePlanName = (await getPlanCatalog(db)).orFree(null).name;
  return { users: users.map((user) => toRow(user, plans.get(user.id) ?? freePlanName)), total, page, perPage: ADMIN_USERS_PER_PAGE, query: q };
}

async function planNames(db: Database, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const catalog = await getPlanCatalog(db);
  const rows = await db
    .select({ userId: subscriptions.userId, planId: subscriptions.planId, status: subscriptions.status })
    .from(subscriptions)
    .where(inArray(subscriptions.userId, userIds));
  return new Map(rows.map((row) => [row.userId, catalog.orFree(row.status === "canceled" ? null : row.planId).name]));
}

export function toRow(user: User, planName: string, now = new Date()): AdminUserRow {
  return {
    id: user.id,
    email: user.email || null,
    phone: user.phone || null,
    createdAt: user.created_at,
    lastSignInAt: user.last_sign_in_at ?? null,
    planName,
    status: userStatus(user, now),
    isAdmin: hasAdminRole(user.app_metadata),
  };
}

export type AdminUserDetail = { user: User; identities: AdminUserIdentity[]; factors: AdminUserFactor[] };

/** A user as the auth admin API has them, or null (unknown id). */
export async function getAdminUser(userId: string): Promise<AdminUserDetail | null> {
  if (!isUserId(userId)) return null;
  const admin = await createSupabaseAdminClient();
  const { data, error } = await admin.auth.admin.getUserById(userId);
  if (error || !data.user) return null;
  const user = data.user;
  const identities = (user.identities ?? []).map((identity) => ({
    provider: identity.provider,
    identifier: stringOrNull(identity.identity_data?.email) ?? stringOrNull(identity.identity_data?.phone),
    createdAt: identity.created_at ?? null,
    lastSignInAt: identity.last_sign_in_at ?? null,
  }));
  const factors = (user.factors ?? []).map((factor: Factor) => ({
    id: factor.id,
    type: factor.factor_type,
    friendlyName: factor.friendly_name ?? null,
    status: factor.status,
    createdAt: factor.created_at,
  }));
  return { user, identities, factors };
}

const stringOrNull = (value: unknown) => (typeof value === "string" && value ? value : null);
