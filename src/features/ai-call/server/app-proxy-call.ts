import { MFA_REQUIRED_MESSAGE, type SessionVerdict } from "@/features/auth/server";
import { getAiProxy } from "./ai-proxy";
import { getDatabase } from "@/lib/db";
import { removePinOfDeletedConversation } from "@/features/ai-chat/server";
import { banEndText, SAFETY_COPY } from "@/features/content-safety";

/**
 * One call of the AI proxy at /api/ai/dify/{path}?appid=… (src/features/ai-apps/server/proxy) for the
 * visitor `verdict` names: the route handler and the fast lane (src/features/fast-lane) both answer
 * through here.
 */
export async function answerAppProxyCall(request: Request, path: string[], verdict: SessionVerdict): Promise<Response> {
  if (verdict.state === "mfa_required") return Response.json({ statusCode: 403, message: MFA_REQUIRED_MESSAGE }, { status: 403 });
  // A banned user's session no longer counts; saying why beats a bare "please sign in".
  if (verdict.state === "signed_out" && verdict.bannedUntil) {
    return Response.json({ statusCode: 403, message: SAFETY_COPY.banned(banEndText(verdict.bannedUntil)), code: "user_banned" }, { status: 403 });
  }
  const userId = verdict.state === "ok" ? verdict.userId : null;
  const response = await getAiProxy().handle(request, { path, userId });
  // A deleted conversation's pin (ai_conversation_pins) goes with it.
  if (userId && request.method === "DELETE") {
    await removePinOfDeletedConversation(await getDatabase(), { method: request.method, path, appid: new URL(request.url).searchParams.get("appid"), userId, status: response.status });
  }
  return response;
}
