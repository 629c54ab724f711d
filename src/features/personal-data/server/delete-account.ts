import "server-only";
import { randomUUID } from "node:crypto";
import { createClient } from "@supabase/supabase-js";
import { eq } from "drizzle-orm";
import { eraseUserData } from "@/features/admin/server";
import type { DifyProxy } from "@/features/ai-apps/server";
import { getAiProxy } from "@/features/ai-call/server";
import { ApiRouteError } from "@/lib/api";
import { accountDeletionRequests, checkoutOrders, checkoutRefunds, invoiceRequests, payments, redeemRedemptions, walletBalances, walletLedger, type Database } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { createSupabaseAdminClient } from "@/lib/supabase/admin";
import { getSupabaseConnection } from "@/lib/supabase/connection";
import { deletionCodeMatches } from "./reauth-code";

/** A sign-in this recent counts as re-authentication (a user with no password signs in again by code). */
export const FRESH_SIGN_IN_MS = 10 * 60 * 1000;
export const REAUTH_REQUIRED_MESSAGE = "请输入密码或验证码，或重新登录后 10 分钟内再注销账号";

/**
 * The password checked against the auth service as a sign-in would (GoTrue's password grant), with
 * a client of its own: the caller's session is untouched, and the extra session it opens is gone
 * with the account a moment later (or signed out at once when the account stays).
 */
async function passwordMatches(login: { email?: string; phone?: string }, password: string): Promise<boolean> {
  const connection = await getSupabaseConnection();
  const client = createClient(connection.url, connection.anonKey, {
    global: connection.fetch ? { fetch: connection.fetch } : undefined,
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const credentials = login.email ? { email: login.email, password } : login.phone ? { phone: login.phone, password } : null;
  if (!credentials) return false;
  const { data, error } = await client.auth.signInWithPassword(credentials);
  if (error || !data.session) return false;
  await client.auth.signOut({ scope: "local" });
  return true;
}

export type Reauthentication = { password?: string; code?: string; authenticatedAt: Date | null; now?: Date };

/** 403 unless the password or the one-time code (reauth-code.ts) is right, or the session signed in within FRESH_SIGN_IN_MS. */
export async function assertReauthenticated(userId: string, reauth: Reauthentication): Promise<void> {
  const now = reauth.now ?? new Date();
  if (reauth.password) {
    const admin = await createSupabaseAdminClient();
    const { data } = await admin.auth.admin.getUserById(userId);
    const user = data.user;
    if (user && (await passwordMatches({ email: user.email || undefined, phone: user.phone || undefined }, reauth.password))) return;
    throw new ApiRouteError(403, "密码不正确");
  }
  if (reauth.code) {
    if (await deletionCodeMatches(userId, reauth.code)) return;
    throw new ApiRouteError(403, "验证码不正确或已过期");
  }
  if (reauth.authenticatedAt && now.getTime() - reauth.authenticatedAt.getTime() <= FRESH_SIGN_IN_MS) return;
  throw new ApiRouteError(403, REAUTH_REQUIRED_MESSAGE);
}

/**
 * Orders, payments, refunds and invoice requests are kept (会计法 / 税收征收管理法: bookkeeping and
 * tax records), but no longer name the person: their user id becomes one fresh random id per deleted
 * account, so the records of one account still belong together for an audit or a refund dispute.
 */
async function anonymiseFinancialRecords(db: Database, userId: string): Promise<string> {
  const pseudonym = randomUUID();
  await db.transaction(async (tx) => {
    for (const table of [checkoutOrders, payments, checkoutRefunds, invoiceRequests, walletBalances, walletLedger, redeemRedemptions]) await tx.update(table).set({ userId: pseudonym }).where(eq(table.userId, userId));
  });
  return pseudonym;
}

/**
 * 注销账号, carried out: banned first (no new rows while we delete; the embedded auth ends the
 * sessions), every personal row and file and Dify conversation erased (shared with the console's
 * 删除用户), financial records anonymised, then the auth user deleted through the admin API — after
 * which the address is free to sign up again.
 */
export async function deleteAccountNow(db: Database, userId: string, proxy: DifyProxy = getAiProxy()): Promise<void> {
  const admin = await createSupabaseAdminClient();
  const banned = await admin.auth.admin.updateUserById(userId, { ban_duration: "876000h" });
  if (banned.error && banned.error.status !== 404) throw new ApiRouteError(502, "账号注销失败，请稍后重试");
  await eraseUserData(db, userId, proxy);
  await anonymiseFinancialRecords(db, userId);
  const { error } = await admin.auth.admin.deleteUser(userId);
  if (error && error.status !== 404) throw new ApiRouteError(502, "账号注销失败，请稍后重试");
  await db.delete(accountDeletionRequests).where(eq(accountDeletionRequests.userId, userId));
}

export type DeletionOutcome = { deleted: true } | { deleted: false; dueAt: string };

/** The request: deleted now, or — with a cooling-off period — scheduled for the job (deletion-job.ts). */
export async function requestAccountDeletion(db: Database, userId: string, proxy?: DifyProxy, now = new Date()): Promise<DeletionOutcome> {
  const days = getEnv().ACCOUNT_DELETION_COOLING_DAYS;
  if (days === 0) {
    await deleteAccountNow(db, userId, proxy);
    return { deleted: true };
  }
  const dueAt = new Date(now.getTime() + days * 86_400_000);
  await db.insert(accountDeletionRequests).values({ userId, requestedAt: now, dueAt }).onConflictDoNothing();
  const [row] = await db.select().from(accountDeletionRequests).where(eq(accountDeletionRequests.userId, userId));
  return { deleted: false, dueAt: (row?.dueAt ?? dueAt).toISOString() };
}

export async function pendingAccountDeletion(db: Database, userId: string): Promise<{ dueAt: string } | null> {
  const [row] = await db.select().from(accountDeletionRequests).where(eq(accountDeletionRequests.userId, userId));
  return row ? { dueAt: row.dueAt.toISOString() } : null;
}

export async function cancelAccountDeletion(db: Database, userId: string): Promise<boolean> {
  const removed = await db.delete(accountDeletionRequests).where(eq(accountDeletionRequests.userId, userId)).returning();
  return removed.length > 0;
}
