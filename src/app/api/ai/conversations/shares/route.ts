import { userDifyReader } from "@/features/ai-chat/server";
import { requireCurrentUserId } from "@/features/auth/server";
import { getAiProxy } from "@/features/ai-call/server";
import { createShareSchema, shareListSchema } from "@/features/conversation-share/server";
import { listConversationShares, shareConversation } from "@/features/conversation-share/server";
import { ApiRouteError, parseJsonBody, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { requestSiteOrigin } from "@/lib/site-origin.server";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

// The owner's links: no cache may keep them.
const PRIVATE = { "Cache-Control": "private, no-store" };

/** Shares `{appid, conversation_id}` of the signed-in user as a snapshot; answers the share with its link. */
export const POST = withApiErrors(async (request: Request) => {
  const userId = await requireCurrentUserId();
  const input = await parseJsonBody(request, createShareSchema);
  // Read as the user through the quota-checked proxy (these reads never generate).
  const read = userDifyReader(getAiProxy(), userId, input.appid, request.signal);
  const owner = { db: await getDatabase(), userId, siteOrigin: await requestSiteOrigin() };
  const share = await shareConversation(owner, read, input.appid, input.conversation_id);
  return Response.json(share, { status: 201, headers: PRIVATE });
});

/** The signed-in user's live shares of `?appid=` (and `&conversation_id=`), newest first. */
export const GET = withApiErrors(async (request: Request) => {
  const userId = await requireCurrentUserId();
  const params = new URL(request.url).searchParams;
  const input = shareListSchema.safeParse({ appid: params.get("appid") ?? undefined, conversation_id: params.get("conversation_id") ?? undefined });
  if (!input.success) throw new ApiRouteError(400, input.error.issues[0]?.message ?? "请求参数无效");
  const owner = { db: await getDatabase(), userId, siteOrigin: await requestSiteOrigin() };
  return Response.json({ data: await listConversationShares(owner, input.data.appid, input.data.conversation_id) }, { headers: PRIVATE });
});
