import "server-only";
import { ApiRouteError } from "@/lib/api";
import type { Database } from "@/lib/db";
import { createSupabaseAdminClient } from "@/lib/supabase/admin";
import { BAN_DURATIONS, type BanLength } from "../types";
import { recordAdminAction } from "./admin-audit";
import { loadUser } from "./admin-user-lookup";

/** Who acts, from where: every action below writes one admin_audit_log row with it. */
export type AdminActor = { userId: string; ip: string | null };

function refuseSelf(actor: AdminActor, userId: string, message: string) {
  if (actor.userId === userId) throw new ApiRouteError(400, message);
}

/**
 * Bans (signing the user out: the auth service ends their sessions and refuses new sign-ins and
 * refreshes until the time passes) or, with `null`, lifts the ban.
 */
export async function setUserBan(db: Database, actor: AdminActor, userId: string, length: BanLength | null): Promise<{ bannedUntil: string | null }> {
  refuseSelf(actor, userId, "不能封禁自己的账号");
  const before = await loadUser(userId);
  const admin = await createSupabaseAdminClient();
  const ban_duration = length ? BAN_DURATIONS[length].duration : "none";
  const { data, error } = await admin.auth.admin.updateUserById(userId, { ban_duration });
  if (error) throw new ApiRouteError(502, "封禁状态修改失败，请稍后重试");
  const bannedUntil = data.user.banned_until ?? null;
  await recordAdminAction(db, {
    actorId: actor.userId,
    action: length ? "user.ban" : "user.unban",
    targetUserId: userId,
    before: { bannedUntil: before.banned_until ?? null },
    after: { bannedUntil, ...(length ? { length } : {}) },
    ip: actor.ip,
  });
  return { bannedUntil };
}

/** Removes one MFA factor of the user (e.g. a lost phone); the user may enrol again. */
export async function removeUserFactor(db: Database, actor: AdminActor, userId: string, factorId: string): Promise<void> {
  const user = await loadUser(userId);
  const factor = (user.factors ?? []).find((candidate) => candidate.id === factorId);
  if (!factor) throw new ApiRouteError(404, "该两步验证方式不存在");
  const admin = await createSupabaseAdminClient();
  const { error } = await admin.auth.admin.mfa.deleteFactor({ userId, id: factorId });
  if (error) throw new ApiRouteError(502, "两步验证方式删除失败，请稍后重试");
  await recordAdminAction(db, {
    actorId: actor.userId,
    action: "user.mfa_factor.delete",
    targetUserId: userId,
    before: { factor: { id: factor.id, type: factor.factor_type, friendlyName: factor.friendly_name ?? null, status: factor.status } },
    after: null,
    ip: actor.ip,
  });
}

/**
 * Sends the user a password-reset mail through the auth service's own mailer (the dev outbox when
 * embedded, SMTP or the hosted project's mail otherwise), the same mail 忘记密码 sends.
 */
export async function sendRecoveryMail(db: Database, actor: AdminActor, userId: string, redirectTo: string): Promise<{ email: string }> {
  const user = await loadUser(userId);
  if (!user.email) throw new ApiRouteError(400, "该用户没有邮箱地址，无法发送重置密码邮件");
  const admin = await createSupabaseAdminClient();
  const { error } = await admin.auth.resetPasswordForEmail(user.email, { redirectTo });
  if (error) throw new ApiRouteError(502, "重置密码邮件发送失败，请稍后重试");
  await recordAdminAction(db, { actorId: actor.userId, action: "user.recovery_mail", targetUserId: userId, after: { email: user.email }, ip: actor.ip });
  return { email: user.email };
}
