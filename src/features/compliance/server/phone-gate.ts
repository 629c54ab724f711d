import "server-only";
import { isAuthApiError } from "@supabase/supabase-js";
import { createSupabaseAdminClient } from "@/lib/supabase/admin";
import { processSingleton } from "@/lib/process-singleton";
import { TtlCache } from "@/lib/ttl-cache";
import { BIND_PHONE_PATH, PHONE_REQUIRED_CODE, PHONE_REQUIRED_MESSAGE } from "../phone-required";
import { loadComplianceSettings } from "./site-settings";

/** Verified phones, remembered a minute; a missing one is asked again every call so a new binding counts at once. */
function verifiedPhones(): TtlCache<true> {
  return processSingleton("sparkai.compliance.verified-phones", () => new TtlCache<true>(60_000, 10_000));
}

/** Whether the auth service (embedded or hosted, through its admin API) has a confirmed phone for the user. */
async function hasVerifiedPhone(userId: string): Promise<boolean> {
  if (verifiedPhones().get(userId)) return true;
  const admin = await createSupabaseAdminClient();
  const { data, error } = await admin.auth.admin.getUserById(userId);
  if (error) {
    if (isAuthApiError(error) && error.status < 500) return false;
    throw error;
  }
  const verified = Boolean(data.user.phone && data.user.phone_confirmed_at);
  if (verified) verifiedPhones().set(userId, true);
  return verified;
}

/** The 403 every AI caller gets (the pages read `code`; `/v1` turns it into OpenAI's shape). */
export function phoneRequiredResponse(): Response {
  return Response.json(
    { statusCode: 403, message: PHONE_REQUIRED_MESSAGE, code: PHONE_REQUIRED_CODE, bindUrl: BIND_PHONE_PATH },
    { status: 403, headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * The AI call's real-name step (in the proxy's admission, src/features/ai-call): with
 * REQUIRE_PHONE_FOR_AI (or the console's switch) on, a call that generates or costs upstream money
 * (`generation` / read-aloud and voice) is refused for an account without a verified phone.
 */
export async function refuseWithoutVerifiedPhone({ userId, endpoint }: { userId: string; endpoint: { generation?: string; rateLimit?: unknown } }): Promise<Response | undefined> {
  if (!endpoint.generation && !endpoint.rateLimit) return undefined;
  if (!(await loadComplianceSettings()).requirePhoneForAi) return undefined;
  return (await hasVerifiedPhone(userId)) ? undefined : phoneRequiredResponse();
}
