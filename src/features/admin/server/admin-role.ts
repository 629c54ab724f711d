import type { SupabaseClient, User } from "@supabase/supabase-js";
import { isDemoAccount } from "@/lib/demo-account-flag";

// Reading the auth admin API is protocol, not the console's: it lives in src/lib (auth uses it too).
export { findUserByEmail, listUsersPage, type AuthAdminEndpoint, type UsersPage } from "@/lib/supabase/admin-users";

// No `server-only`: `npm run admin` (scripts/admin.ts) runs this outside Next.js.

/** The `app_metadata.role` of an operator. app_metadata is writable only with the service key. */
export const ADMIN_ROLE = "admin";

export function hasAdminRole(appMetadata: unknown): boolean {
  return (appMetadata as { role?: unknown } | null | undefined)?.role === ADMIN_ROLE;
}

/**
 * Whether the user's address was proven by a link or code sent to it, as the embedded auth records
 * in `app_metadata.email_proof` (src/embedded/auth/email-proof.ts). An address confirmed by
 * AUTH_AUTOCONFIRM (or by the service key, or changed since) proves nothing about its mailbox.
 */
export function isEmailProvenByLink(user: Pick<User, "email" | "app_metadata">): boolean {
  const proof = (user.app_metadata as { email_proof?: { method?: unknown; email?: unknown } } | undefined)?.email_proof;
  return (
    proof?.method === "link" && !!user.email && typeof proof.email === "string" && proof.email.toLowerCase() === user.email.toLowerCase()
  );
}

/**
 * Whether `ADMIN_EMAILS` makes this user an operator: only for an address whose mailbox was proven
 * (with autoconfirm on, anyone could sign up with a listed address), never for the demo account.
 */
export function isListedAdmin(user: Pick<User, "email" | "email_confirmed_at" | "app_metadata">, adminEmails: readonly string[]): boolean {
  return (
    !!user.email &&
    !!user.email_confirmed_at &&
    adminEmails.includes(user.email.toLowerCase()) &&
    isEmailProvenByLink(user) &&
    !isDemoAccount(user.app_metadata)
  );
}

/**
 * The start-up warning when ADMIN_EMAILS meets AUTH_AUTOCONFIRM: anyone may then sign up with a
 * listed address and be confirmed at once. The role still waits for the mailbox's proof, but the
 * operator should know the address can be taken. Null when the two do not meet.
 */
export function autoconfirmAdminWarning(env: { ADMIN_EMAILS?: readonly string[]; AUTH_AUTOCONFIRM?: string }): string | null {
  const autoconfirm = ["1", "true", "yes", "on"].includes((env.AUTH_AUTOCONFIRM ?? "").toLowerCase());
  if (!autoconfirm || !env.ADMIN_EMAILS?.length) return null;
  return [
    `ADMIN_EMAILS（${env.ADMIN_EMAILS.join(", ")}）与 AUTH_AUTOCONFIRM 同时开启：任何人都能用这些地址注册并立即登录。`,
    "管理员权限只授予点过邮件链接（或输入过邮件验证码）证明邮箱归属的账号；生产环境请关闭 AUTH_AUTOCONFIRM。",
    "ADMIN_EMAILS and AUTH_AUTOCONFIRM are both set: anyone can sign up with a listed address. The operator role",
    "is granted only once a link or code sent to the mailbox is used; turn AUTH_AUTOCONFIRM off in production.",
  ].join("\n");
}

/** Sets or removes the operator role, keeping the rest of app_metadata. */
export async function setAdminRole(admin: SupabaseClient, user: User, grant: boolean): Promise<User> {
  // GoTrue merges app_metadata keys; `role: null` clears the role on revocation.
  const appMetadata = { ...(user.app_metadata ?? {}), role: grant ? ADMIN_ROLE : null };
  const { data, error } = await admin.auth.admin.updateUserById(user.id, { app_metadata: appMetadata });
  if (error) throw error;
  return data.user;
}
