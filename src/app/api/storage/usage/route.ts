import { requireCurrentUserId } from "@/features/auth/server";
import { storageUsageWithDocuments } from "@/features/knowledge/server";
import { withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { isEmbeddedSupabase } from "@/lib/supabase/connection";

export const dynamic = "force-dynamic";

/**
 * The signed-in user's storage use against their plan's quota: `{usedBytes, quotaBytes}`; used = what the
 * quota counts (files and knowledge documents), null with a hosted Supabase project (files not counted).
 */
export const GET = withApiErrors(async () => {
  const userId = await requireCurrentUserId();
  const db = await getDatabase();
  const usage = await storageUsageWithDocuments(db, userId, isEmbeddedSupabase());
  return Response.json(usage, { headers: { "Cache-Control": "private, no-store" } });
});
