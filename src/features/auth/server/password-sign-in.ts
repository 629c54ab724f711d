import { createSupabaseServerClient } from "@/lib/supabase/server";
import type { SignInBody } from "../schemas";
import { toAuthRouteError } from "./auth-error-message";

/** Signs in with a password; the session lands in cookies and is also answered (SPEC §7). */
export async function signInWithPassword(body: SignInBody) {
  const supabase = await createSupabaseServerClient();
  const credentials = body.email
    ? { email: body.email, password: body.password }
    : { phone: body.phone ?? "", password: body.password };
  const { data, error } = await supabase.auth.signInWithPassword(credentials);
  if (error) throw toAuthRouteError(error);
  return { user: data.user, session: data.session };
}
