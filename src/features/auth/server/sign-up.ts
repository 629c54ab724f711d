import { isAuthError } from "@supabase/supabase-js";
import { ApiRouteError } from "@/lib/api";
import { createSupabaseServerClient } from "@/lib/supabase/server";
import { HUMAN_CHECK_REQUIRED_MESSAGE } from "../schemas";
import type { SignUpBody } from "../schemas";
import { toAuthRouteError } from "./auth-error-message";
import { siteUrl } from "./site-url";

/**
 * E-mail sign-up only registers (the confirmation link signs in later); phone sign-up proves the
 * number with the SMS code sent by /api/auth/send-phone-code, which signs in, then sets the password.
 */
export async function signUp(body: SignUpBody) {
  const supabase = await createSupabaseServerClient();
  if (body.type === "email") {
    const { data, error } = await supabase.auth.signUp({
      email: body.email,
      password: body.password,
      options: {
        emailRedirectTo: await siteUrl("/auth/callback"),
        data: body.displayName ? { display_name: body.displayName } : undefined,
      },
    });
    if (error) throw toAuthRouteError(error);
    return { user: data.user, session: data.session };
  }
  const verified = await supabase.auth.verifyOtp({ phone: body.phone, token: body.code, type: "sms" });
  if (verified.error) throw toAuthRouteError(verified.error);
  const updated = await supabase.auth.updateUser({ password: body.password });
  if (updated.error) throw toAuthRouteError(updated.error);
  return { user: updated.data.user, session: verified.data.session };
}

/**
 * Texts a one-time code to a phone number, creating the account on first use. Past a few texts
 * the auth service wants a captcha token: asked without one, that is a 428 the form answers by
 * passing the human check and sending again.
 */
export async function sendPhoneCode(phone: string, captchaToken?: string) {
  const supabase = await createSupabaseServerClient();
  const { error } = await supabase.auth.signInWithOtp({ phone, options: { shouldCreateUser: true, captchaToken } });
  if (error && !captchaToken && isAuthError(error) && error.code === "captcha_failed") throw new ApiRouteError(428, HUMAN_CHECK_REQUIRED_MESSAGE);
  if (error) throw toAuthRouteError(error);
}
