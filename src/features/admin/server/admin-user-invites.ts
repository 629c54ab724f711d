import "server-only";
import { ApiRouteError } from "@/lib/api";
import type { Database } from "@/lib/db";
import { createSupabaseAdminClient } from "@/lib/supabase/admin";
import { recordAdminAction } from "./admin-audit";
import type { AdminActor } from "./admin-user-actions";
import { loadUser } from "./admin-user-lookup";

/**
 * Invites an address: the auth service makes the (unconfirmed, password-less) account and mails the
 * invitation through its own mailer. `redirectTo` leads to 设置新密码, since the invitee has none yet.
 */
export async function inviteUser(db: Database, actor: AdminActor, email: string, redirectTo: string): Promise<{ userId: string }> {
  const admin = await createSupabaseAdminClient();
  const { data, error } = await admin.auth.admin.inviteUserByEmail(email, { redirectTo });
  if (error || !data.user) throw new ApiRouteError(error?.status === 422 ? 409 : 502, error?.status === 422 ? "该邮箱已注册" : "邀请邮件发送失败，请稍后重试");
  await recordAdminAction(db, { actorId: actor.userId, action: "user.invite", targetUserId: data.user.id, after: { email }, ip: actor.ip });
  return { userId: data.user.id };
}

export type NewUser = { email?: string; phone?: string; password: string; confirmed: boolean };

/** Creates an account with a password, confirmed (can sign in now) or not (must confirm first). */
export async function createUser(db: Database, actor: AdminActor, input: NewUser): Promise<{ userId: string }> {
  const admin = await createSupabaseAdminClient();
  const { data, error } = await admin.auth.admin.createUser({
    ...(input.email ? { email: input.email, email_confirm: input.confirmed } : {}),
    ...(input.phone ? { phone: input.phone, phone_confirm: input.confirmed } : {}),
    password: input.password,
  });
  if (error || !data.user) {
    if (error?.status === 422) throw new ApiRouteError(409, input.email ? "该邮箱已注册" : "该手机号已注册");
    throw new ApiRouteError(error?.status === 400 ? 400 : 502, error?.status === 400 ? "账号信息不符合要求（请检查密码强度和手机号格式）" : "创建用户失败，请稍后重试");
  }
  await recordAdminAction(db, {
    actorId: actor.userId,
    action: "user.create",
    targetUserId: data.user.id,
    after: { email: input.email ?? null, phone: input.phone ?? null, confirmed: input.confirmed },
    ip: actor.ip,
  });
  return { userId: data.user.id };
}

/**
 * Mails the user a sign-in link through the auth service's own mailer — the path 发送重置密码邮件
 * uses (dev outbox / SMTP / hosted mail). `generateLink` would only hand the link to us, and we have
 * no mailer of our own; `/otp` with `create_user: false` is GoTrue's magic-link mail.
 */
export async function sendMagicLink(db: Database, actor: AdminActor, userId: string, redirectTo: string): Promise<{ email: string }> {
  const user = await loadUser(userId);
  if (!user.email) throw new ApiRouteError(400, "该用户没有邮箱地址，无法发送登录链接");
  const admin = await createSupabaseAdminClient();
  const { error } = await admin.auth.signInWithOtp({ email: user.email, options: { shouldCreateUser: false, emailRedirectTo: redirectTo } });
  if (error) throw new ApiRouteError(502, "登录链接发送失败，请稍后重试");
  await recordAdminAction(db, { actorId: actor.userId, action: "user.magic_link", targetUserId: userId, after: { email: user.email }, ip: actor.ip });
  return { email: user.email };
}
