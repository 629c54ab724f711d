import type { CaptchaClientConfig } from "@/embedded/auth";
import { getEmbeddedServices } from "@/lib/supabase/embedded-services";
import { isEmbeddedSupabase } from "@/lib/supabase/connection";

/**
 * What the browser needs for the human check the auth service asks for past a few SMS: a fresh
 * proof-of-work challenge, or a hosted captcha's site key. Only the embedded service issues
 * challenges (GoTrue has no such route); a hosted project's own captcha settings are not known here.
 */
export async function captchaChallenge(): Promise<CaptchaClientConfig | { provider: "none" }> {
  if (!isEmbeddedSupabase()) return { provider: "none" };
  const services = await getEmbeddedServices();
  return services.auth.captchaChallenge();
}
