import type { SupabaseClient, User } from "@supabase/supabase-js";
import { decodeJwt } from "jose";
import type { ToastInput } from "@/lib/toast";
import { authCopy } from "../../copy";
import { authErrorText } from "../auth-error-text";
import { DASHBOARD_PATH, RESET_PASSWORD_PATH, SETTINGS_PATH, SIGN_IN_PATH } from "../auth-paths";
import { hasLinkError, type CallbackParams } from "./callback-params";

const copy = authCopy.toasts;

/** Where the callback goes next, the toast it shows, and the user it signed in (if any). */
export type CallbackOutcome = { to: string; toast?: ToastInput; user?: User | null };

/** The two accounts of a link that would switch who is signed in (e-mail, else phone). */
export type AccountSwitch = { current: string; next: string };
/** Asks the visitor whether to switch (true) or keep the current account (false). */
export type ConfirmAccountSwitch = (accounts: AccountSwitch) => Promise<boolean>;

/**
 * SPEC §5 / §8 e-mail link handling. Why the URL is read by us and not left to auth-js alone: the
 * browser client (flow type PKCE) only consumes a `?code=` it holds a verifier for, and refuses
 * implicit-grant hashes (`#access_token=…`) and error hashes without touching them. So the caller
 * captures the URL on mount — before the client even exists (its config is fetched first) — and
 * each case is handled here; a code auth-js already traded (it then removes `code` from the
 * address bar, `codeStillInUrl` answers false) is recognised, not re-used.
 *
 * Tokens and codes are handled before the "already confirmed" rule: a fresh link (recovery, e-mail
 * change) must take effect even for a confirmed account.
 *
 * Tokens in the URL create a session (SPEC), but anyone can send a link carrying their own account's
 * tokens (issue 12 finding 7): when another user is signed in, `confirmSwitch` asks first (without
 * it, the current account is kept), and the toast always names the account now signed in.
 */
export async function verifyCallback(
  client: SupabaseClient,
  params: CallbackParams,
  codeStillInUrl: () => boolean,
  confirmSwitch?: ConfirmAccountSwitch,
): Promise<CallbackOutcome> {
  try {
    return await verifyLink(client, params, codeStillInUrl, confirmSwitch);
  } catch (error) {
    return callbackFailure(error);
  }
}

/** A thrown error: its message (in Chinese where known), else the generic problem text. */
export function callbackFailure(error: unknown): CallbackOutcome {
  return {
    to: SIGN_IN_PATH,
    toast: {
      variant: "destructive",
      title: copy.verifyFailed,
      description: error instanceof Error && error.message ? authErrorText(error) : copy.verifyProblem,
      duration: 5000,
    },
  };
}

async function verifyLink(
  client: SupabaseClient,
  params: CallbackParams,
  codeStillInUrl: () => boolean,
  confirmSwitch: ConfirmAccountSwitch | undefined,
): Promise<CallbackOutcome> {
  if (!hasLinkError(params) && params.accessToken && params.refreshToken) {
    const { data: current } = await client.auth.getSession();
    const currentUser = current.session?.user;
    const linkClaims = unverifiedClaims(params.accessToken);
    if (currentUser && linkClaims && linkClaims.sub !== currentUser.id) {
      const accounts = { current: accountLabel(currentUser), next: linkClaims.email || linkClaims.phone || "" };
      const switching = confirmSwitch ? await confirmSwitch(accounts) : false;
      if (!switching) {
        return { to: DASHBOARD_PATH, toast: { title: copy.keptAccount, description: `${copy.signedInAs}${accounts.current}`, duration: 5000 } };
      }
    }
    const { data, error } = await client.auth.setSession({ access_token: params.accessToken, refresh_token: params.refreshToken });
    if (error) throw error;
    return withAccount(success(params.type, data.user), data.user);
  }
  if (!hasLinkError(params) && params.code) {
    await client.auth.getSession(); // waits until auth-js has finished its own URL detection
    if (codeStillInUrl()) {
      const { data, error } = await client.auth.exchangeCodeForSession(params.code);
      // Opened in another browser than the one that signed up: the address is confirmed (the
      // auth service did that before redirecting) but only the original browser can sign in.
      if (error?.code === "pkce_code_verifier_not_found" && !params.type) {
        return { to: SIGN_IN_PATH, toast: { variant: "success", title: copy.verified, description: copy.verifiedSignIn, duration: 3000 } };
      }
      // The auth service changed the address when the link was opened; only the code trade needs
      // the verifier, which auth-js 2.109 drops as soon as updateUser succeeds (supabase-js#2512).
      if (error?.code === "pkce_code_verifier_not_found" && params.type === "email_change") {
        const current = await client.auth.getUser();
        if (current.data.user) return success(params.type, current.data.user);
        return { to: SIGN_IN_PATH, toast: { variant: "success", title: copy.emailChanged, duration: 3000 } };
      }
      if (error) throw error;
      return success(params.type, data.user);
    }
    const { data, error } = await client.auth.getUser();
    if (error) throw error;
    return success(params.type, data.user);
  }
  // The first of two e-mail change confirmations (secure e-mail change) carries only a message.
  if (!hasLinkError(params) && params.message) return { to: SETTINGS_PATH, toast: { title: copy.emailChangeHalf, duration: 5000 } };
  // SPEC §5: an address that is already confirmed needs nothing more.
  const { data } = await client.auth.getUser();
  if (data.user?.email_confirmed_at) return { to: DASHBOARD_PATH };
  return {
    to: SIGN_IN_PATH,
    toast: {
      variant: "destructive",
      title: copy.verifyFailed,
      description: linkErrorText(params),
      duration: 5000,
    },
  };
}

/**
 * What a failed link says, in Chinese. The link's own `error_description` is the auth service's English
 * (or text an attacker put in a crafted link): logged, never shown.
 */
function linkErrorText(params: CallbackParams): string {
  if (params.errorDescription) console.warn("[auth] 验证链接出错：", params.errorCode ?? params.error, params.errorDescription);
  if (params.errorCode === "otp_expired") return copy.verifyLinkExpired;
  return copy.verifyLinkInvalid;
}

/** The link's claims, read only to name its account (setSession verifies the token). */
function unverifiedClaims(accessToken: string): { sub?: string; email?: string; phone?: string } | null {
  try {
    const claims = decodeJwt(accessToken);
    return { sub: claims.sub, email: typeof claims.email === "string" ? claims.email : undefined, phone: typeof claims.phone === "string" ? claims.phone : undefined };
  } catch {
    return null; // not a JWT: setSession refuses it
  }
}

function accountLabel(user: User): string {
  return user.email || user.phone || user.id;
}

/** The outcome's toast (or a new one) names the account the link signed in. */
function withAccount(outcome: CallbackOutcome, user: User | null): CallbackOutcome {
  if (!user) return outcome;
  const named = `${copy.signedInAs}${accountLabel(user)}`;
  const toast = outcome.toast
    ? { ...outcome.toast, description: outcome.toast.description ? `${outcome.toast.description}，${named}` : named }
    : { variant: "success" as const, title: copy.signedIn, description: named, duration: 3000 };
  return { ...outcome, toast };
}

function success(type: string | null, user: User | null): CallbackOutcome {
  if (type === "recovery") return { to: RESET_PASSWORD_PATH, user };
  if (type === "email_change") {
    return { to: SETTINGS_PATH, user, toast: { variant: "success", title: copy.emailChanged, duration: 3000 } };
  }
  return {
    to: DASHBOARD_PATH,
    user,
    toast: { variant: "success", title: copy.verified, description: copy.verifiedDescription, duration: 3000 },
  };
}
