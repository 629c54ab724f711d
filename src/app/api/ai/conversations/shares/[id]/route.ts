import { requireCurrentUserId } from "@/features/auth/server";
import { shareIdSchema } from "@/features/conversation-share/server";
import { stopSharing } from "@/features/conversation-share/server";
import { ApiRouteError, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** 停止分享: the link answers 404 at once. Only the owner's share; any other id is 404. */
export const DELETE = withApiErrors(async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const userId = await requireCurrentUserId();
  const id = shareIdSchema.safeParse((await params).id);
  if (!id.success) throw new ApiRouteError(400, id.error.issues[0]?.message ?? "请求参数无效");
  await stopSharing(await getDatabase(), userId, id.data);
  return new Response(null, { status: 204, headers: { "Cache-Control": "private, no-store" } });
});
