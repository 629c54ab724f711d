import { requireCurrentUserId } from "@/features/auth/server";
import { settlePendingInvitation } from "@/features/invitations/server";
import { withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";

export const dynamic = "force-dynamic";

/**
 * The signed-in user's pending invitation, settled now: the settings page calls it right after the
 * auth service verified a phone (that happens between the browser and GoTrue, so the app learns of it
 * here). No body; the facts are read from the auth service, never taken from the request.
 */
export const POST = withApiErrors(async () => {
  const userId = await requireCurrentUserId();
  const outcome = await settlePendingInvitation(await getDatabase(), userId);
  return Response.json({ outcome }, { headers: { "Cache-Control": "private, no-store" } });
});
