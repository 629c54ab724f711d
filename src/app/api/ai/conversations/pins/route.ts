import { requireCurrentUserId } from "@/features/auth/server";
import { getAiProxy } from "@/features/ai-call/server";
import { pinChangeSchema, pinListSchema } from "@/features/ai-chat/server";
import { addPin, assertOwnConversation, listPins, namePins, removePin, userDifyReader } from "@/features/ai-chat/server";
import { ApiRouteError, parseJsonBody, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

// The process's one AI proxy (these reads never generate).
const chatProxy = () => getAiProxy();

// One user's pins: no cache may keep them.
const PRIVATE = { "Cache-Control": "private, no-store" };

/** The signed-in user's pinned conversations of `?appid=` with their titles, most recently pinned first. */
export const GET = withApiErrors(async (request: Request) => {
  const userId = await requireCurrentUserId();
  const input = pinListSchema.safeParse({ appid: new URL(request.url).searchParams.get("appid") ?? undefined });
  if (!input.success) throw new ApiRouteError(400, input.error.issues[0]?.message ?? "请求参数无效");
  const db = await getDatabase();
  const { appid } = input.data;
  const stored = await listPins(db, userId, appid);
  // Titles come from the user's conversation list; without it (upstream trouble) the pins still
  // answer, and the sidebar shows those whose page it has loaded.
  const named = await namePins(userDifyReader(chatProxy(), userId, appid, request.signal), stored).catch(() => ({ pins: stored, gone: [] }));
  for (const conversationId of named.gone) await removePin(db, userId, appid, conversationId);
  return Response.json({ data: named.pins }, { headers: PRIVATE });
});

/** Pins `{appid, conversationId}` once the conversation is proven the user's (404 otherwise). */
export const PUT = withApiErrors(async (request: Request) => {
  const userId = await requireCurrentUserId();
  const { appid, conversationId } = await parseJsonBody(request, pinChangeSchema);
  await assertOwnConversation(userDifyReader(chatProxy(), userId, appid), conversationId);
  return Response.json(await addPin(await getDatabase(), userId, appid, conversationId), { headers: PRIVATE });
});

/** Unpins; unpinning what is not pinned is no error (the end state is the one asked for). */
export const DELETE = withApiErrors(async (request: Request) => {
  const userId = await requireCurrentUserId();
  const { appid, conversationId } = await parseJsonBody(request, pinChangeSchema);
  await removePin(await getDatabase(), userId, appid, conversationId);
  return new Response(null, { status: 204, headers: PRIVATE });
});
