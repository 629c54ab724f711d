import { requireCurrentUserId } from "@/features/auth/server";
import { getAiProxy } from "@/features/ai-call/server";
import { conversationSearchSchema } from "@/features/ai-chat/server";
import { searchConversations, userDifyReader } from "@/features/ai-chat/server";
import { ApiRouteError, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { appRateLimitStore } from "@/lib/rate-limit";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const chatProxy = () => getAiProxy();

/** One search reads up to ~600 upstream pages: a user gets this many a minute (typing is debounced). */
const SEARCHES_PER_MINUTE = 30;

/** The signed-in user's conversations of `?appid=` whose title or messages contain `?q=`. */
export const GET = withApiErrors(async (request: Request) => {
  const userId = await requireCurrentUserId();
  const params = new URL(request.url).searchParams;
  const input = conversationSearchSchema.safeParse({ appid: params.get("appid") ?? undefined, q: params.get("q") ?? undefined });
  if (!input.success) throw new ApiRouteError(400, input.error.issues[0]?.message ?? "请求参数无效");
  const [searches = 0] = await appRateLimitStore(await getDatabase()).increment([`conversation-search:${userId}`], 60_000);
  if (searches > SEARCHES_PER_MINUTE) throw new ApiRouteError(429, "搜索太频繁，请稍后再试");
  const data = await searchConversations(userDifyReader(chatProxy(), userId, input.data.appid, request.signal), input.data.q).catch((error: unknown) => {
    // The browser left (a newer query): nobody reads this answer, and it is no server error to log.
    if (request.signal.aborted) return null;
    throw error;
  });
  if (data === null) return new Response(null, { status: 499 });
  return Response.json({ data }, { headers: { "Cache-Control": "private, no-store" } });
});
