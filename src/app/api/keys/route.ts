import { listEnabledApps } from "@/features/ai-apps/server";
import { createApiKeySchema } from "@/features/api-keys";
import { ApiKeyLimitError, createApiKey, limitDemoKeyLifetime, listApiKeys } from "@/features/api-keys/server";
import { getCurrentUser, requireCurrentUserId } from "@/features/auth/server";
import { apiRequestsPerMinuteCeiling } from "@/features/billing/server";
import { ApiRouteError, parseJsonBody, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { assertUnderCeiling } from "./requests-per-minute";

export const dynamic = "force-dynamic";

// Keys are one user's, and a new key's answer carries its secret: no cache may keep either.
const PRIVATE = { "Cache-Control": "private, no-store" };

/** The signed-in user's API keys (never their secrets), with this month's tokens of each, and the plan's per-minute ceiling. */
export const GET = withApiErrors(async () => {
  const userId = await requireCurrentUserId();
  const db = await getDatabase();
  const [keys, { ceiling }] = await Promise.all([listApiKeys(db, userId), apiRequestsPerMinuteCeiling(db, userId)]);
  return Response.json({ keys, requestsPerMinuteCeiling: ceiling }, { headers: PRIVATE });
});

/** Creates a key; the answer is the only time its secret (`sk-…`) is shown. */
export const POST = withApiErrors(async (request: Request) => {
  const userId = await requireCurrentUserId();
  const input = limitDemoKeyLifetime(await parseJsonBody(request, createApiKeySchema), (await getCurrentUser())?.app_metadata);
  const db = await getDatabase();
  await assertUnderCeiling(db, userId, input.requestsPerMinute);
  if (input.allowedApps) {
    const known = new Set((await listEnabledApps(db)).map((app) => app.appid));
    const unknown = input.allowedApps.find((appid) => !known.has(appid));
    if (unknown) throw new ApiRouteError(400, `应用「${unknown}」不存在或已停用`);
  }
  try {
    const { key, secret } = await createApiKey(db, userId, input);
    return Response.json({ key, secret }, { status: 201, headers: PRIVATE });
  } catch (error) {
    if (error instanceof ApiKeyLimitError) throw new ApiRouteError(400, error.message);
    throw error;
  }
});
