import "server-only";
import { isAuthApiError } from "@supabase/supabase-js";
import { cache } from "react";
import { resolveNextSession, type HandedOffSession } from "@/features/auth/server";
import { isDemoAccount } from "@/lib/demo-account-flag";
import { getEnv } from "@/lib/env";
import { createSupabaseAdminClient } from "@/lib/supabase/admin";
import { getSupabaseConnection } from "@/lib/supabase/connection";
import { TtlCache } from "@/lib/ttl-cache";
import { sessionAuthenticatedAt } from "./admin-freshness";
import { findUserByEmail, hasAdminRole, isListedAdmin, setAdminRole } from "./admin-role";
import { processSingleton } from "@/lib/process-singleton";

/** The operator of this request. */
export type AdminSession = {
  userId: string;
  email: string | null;
  authenticatedAt: Date | null;
  /** aal2: the operator has MFA (else they would not be here at aal2), so a password alone cannot refresh the session. */
  aal2: boolean;
};

type Claims = HandedOffSession["claims"];

/**
 * Who may open the console: a live session (not signed out, not banned; aal2 when the user has a
 * verified MFA factor — an aal1 operator is treated as anybody), whose token says `role: admin`, and
 * whose account still says so now (a token lives up to an hour; `liveAdmin` asks the auth admin
 * API, cached for SESSION_CHECK_CACHE_MS). A listed address (ADMIN_EMAILS) is granted the role on
 * its first visit, so its token need not carry it yet. Null for everyone else, with no reason given.
 * Cached per request (React `cache`), so a page's layout and the page ask once.
 */
export const resolveAdmin = cache(async (): Promise<AdminSession | null> => {
  // The session core: the proxy's handoff, else the cookies' token verified here; then liveness and MFA.
  const { token, verdict } = await resolveNextSession();
  if (!token || verdict.state !== "ok") return null;
  const claims = token.claims as Claims;
  const listed = !!claims.email && adminEmails().includes(claims.email.toLowerCase());
  if (!hasAdminRole(claims.app_metadata) && !listed) return null;
  if (!(await liveAdmin(verdict.userId))) return null;
  return { userId: verdict.userId, email: claims.email ?? null, authenticatedAt: sessionAuthenticatedAt(claims.amr), aal2: claims.aal === "aal2" };
});

const adminEmails = () => getEnv().ADMIN_EMAILS ?? [];

function roleCache(): TtlCache<boolean> {
  return processSingleton("sparkai.admin-role-liveness", () => new TtlCache<boolean>(getEnv().SESSION_CHECK_CACHE_MS, 1_000));
}

/**
 * Whether the account is an operator right now, per the auth service (fails closed on outages). A
 * listed address still waiting for its mailbox proof is not remembered as "no": the visit right
 * after the proof must find the role.
 */
async function liveAdmin(userId: string): Promise<boolean> {
  const cache = roleCache();
  const remembered = cache.get(userId);
  if (remembered !== undefined) return remembered;
  try {
    const admin = await createSupabaseAdminClient();
    const { data, error } = await admin.auth.admin.getUserById(userId);
    if (error) {
      if (isAuthApiError(error) && error.status < 500) return false;
      throw error;
    }
    // The demo account's password is public: it is nobody's operator, whatever its metadata says.
    const demo = isDemoAccount(data.user.app_metadata);
    const listed = !demo && !!data.user.email && adminEmails().includes(data.user.email.toLowerCase());
    let operator = !demo && hasAdminRole(data.user.app_metadata);
    if (!operator && !demo && isListedAdmin(data.user, adminEmails())) {
      await setAdminRole(admin, data.user, true);
      operator = true;
    }
    if (operator || !listed) cache.set(userId, operator);
    return operator;
  } catch (error) {
    console.warn("管理员身份核对失败", error);
    return false;
  }
}

/** Grants the role to every confirmed ADMIN_EMAILS account (start-up). */
export async function grantListedAdmins(): Promise<string[]> {
  const admin = await createSupabaseAdminClient();
  const connection = await getSupabaseConnection();
  const granted: string[] = [];
  for (const email of adminEmails()) {
    const user = await findUserByEmail(connection, email);
    if (!user || hasAdminRole(user.app_metadata) || !isListedAdmin(user, adminEmails())) continue;
    await setAdminRole(admin, user, true);
    granted.push(email);
  }
  return granted;
}
