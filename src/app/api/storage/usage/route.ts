import { requireCurrentUserId } from "@/features/auth/server";
import { getStorageUsage } from "@/features/files/server";
import { withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { isEmbeddedSupabase } from "@/lib/supabase/connection";

export const dynamic = "force-dynamic";

/** The signed-in user's storage use against their plan's quota: `{usedBytes, quotaBytes}`. */
export const GET = withApiErrors(async () => {
  const userId = await requireCurrentUserId();
  const usage = await getStorageUsage(await getDatabase(), userId, isEmbeddedSupabase());
  return Response.json(usage, { headers: { "Cache-Control": "private, no-store" } });
});
