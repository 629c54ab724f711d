/** Routes of the account screens (the guard's login and callback routes live in route-guard.ts). */
export const SIGN_IN_PATH = "/auth/signin";
export const SIGN_UP_PATH = "/auth/signup";
export const CALLBACK_PATH = "/auth/callback";
export const FORGOT_PASSWORD_PATH = "/auth/forgot-password";
export const RESET_PASSWORD_PATH = "/auth/reset-password";
export const DASHBOARD_PATH = "/dashboard";
export const SETTINGS_PATH = "/dashboard/settings";

/** Where auth mails send the visitor back to; `type` tells the callback what the link was for. */
export function callbackUrl(type?: "recovery" | "email_change"): string {
  const url = new URL(CALLBACK_PATH, window.location.origin);
  if (type) url.searchParams.set("type", type);
  return url.toString();
}
