import "server-only";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { ApiRouteError } from "@/lib/api";
import { createSupabaseAdminClient } from "@/lib/supabase/admin";
import { getSupabaseConnection } from "@/lib/supabase/connection";

/**
 * 注销账号 for an account without a password (phone-only, WeChat with a bound phone or e-mail):
 * re-authentication by a one-time code, through the auth service's own OTP protocol — GoTrue's
 * `/otp` (sign-in code, `should_create_user: false`) then `/verify` — on a client of its own, so the
 * caller's session is untouched and the extra session the check opens is signed out at once.
 * (GoTrue's `/reauthenticate` nonce is only ever checked by a password change, so it cannot serve here.)
 */
type Channel = { kind: "sms"; phone: string } | { kind: "email"; email: string };

async function ownClient(): Promise<SupabaseClient> {
  const connection = await getSupabaseConnection();
  return createClient(connection.url, connection.anonKey, {
    global: connection.fetch ? { fetch: connection.fetch } : undefined,
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

/** Where the code goes: the verified phone, else the verified e-mail address. */
async function channelOf(userId: string): Promise<Channel> {
  const admin = await createSupabaseAdminClient();
  const { data } = await admin.auth.admin.getUserById(userId);
  const user = data.user;
  if (user?.phone && user.phone_confirmed_at) return { kind: "sms", phone: user.phone };
  if (user?.email && user.email_confirmed_at) return { kind: "email", email: user.email };
  throw new ApiRouteError(400, "您的账号没有已验证的手机号或邮箱，请重新登录后 10 分钟内再注销");
}

/** `138****0000` / `a***@example.com`: enough for the person to recognise, not for a bystander. */
function masked(channel: Channel): string {
  if (channel.kind === "sms") return channel.phone.replace(/^(\+?86)?(\d{3})\d{4}(\d{4})$/, "$2****$3");
  const [name = "", domain = ""] = channel.email.split("@");
  return `${name.slice(0, 1)}***@${domain}`;
}

/** Sends the user a code (SMS or e-mail); answers where it went, masked. */
export async function sendDeletionCode(userId: string): Promise<{ channel: "sms" | "email"; to: string }> {
  const channel = await channelOf(userId);
  const client = await ownClient();
  const { error } = await client.auth.signInWithOtp(channel.kind === "sms" ? { phone: channel.phone, options: { shouldCreateUser: false } } : { email: channel.email, options: { shouldCreateUser: false } });
  if (error) throw new ApiRouteError(error.status === 429 ? 429 : 502, error.status === 429 ? "验证码发送太频繁，请稍后再试" : "验证码发送失败，请稍后重试");
  return { channel: channel.kind, to: masked(channel) };
}

/** Whether `code` is the code last sent to this user (a wrong one counts toward the auth service's attempt limit). */
export async function deletionCodeMatches(userId: string, code: string): Promise<boolean> {
  const channel = await channelOf(userId);
  const client = await ownClient();
  const { data, error } = await client.auth.verifyOtp(channel.kind === "sms" ? { phone: channel.phone, token: code, type: "sms" } : { email: channel.email, token: code, type: "email" });
  if (error || !data.session) return false;
  await client.auth.signOut({ scope: "local" });
  return data.user?.id === userId;
}
