import { requireCurrentUserId } from "@/features/auth/server";
import { getStorageUsage } from "@/features/files/server";
import { storageBytesInUse } from "@/features/knowledge/server";
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
  const usage = await getStorageUsage(db, userId, isEmbeddedSupabase());
  const usedBytes = usage.usedBytes === null ? null : await storageBytesInUse(db, userId);
  return Response.json({ ...usage, usedBytes }, { headers: { "Cache-Control": "private, no-store" } });
});
