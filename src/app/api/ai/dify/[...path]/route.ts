import { MFA_REQUIRED_MESSAGE, resolveSignedInUser } from "@/features/auth/server";
import { removePinOfDeletedConversation } from "@/features/ai-chat/server";
import { getQuotaCheckedProxy } from "@/features/billing/server";
import { getDatabase } from "@/lib/db";

// The Dify proxy (src/features/ai-apps/server/proxy): the app is named by `?appid=` on every call.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type RouteContext = { params: Promise<{ path: string[] }> };

async function handle(request: Request, { params }: RouteContext): Promise<Response> {
  const { path } = await params;
  const session = await resolveSignedInUser();
  if (session.state === "mfa_required") return Response.json({ statusCode: 403, message: MFA_REQUIRED_MESSAGE }, { status: 403 });
  const userId = session.state === "ok" ? session.userId : null;
  const response = await getQuotaCheckedProxy().handle(request, { path, userId });
  // A deleted conversation's pin (ai_conversation_pins) goes with it.
  if (userId && request.method === "DELETE") {
    await removePinOfDeletedConversation(await getDatabase(), { method: request.method, path, appid: new URL(request.url).searchParams.get("appid"), userId, status: response.status });
  }
  return response;
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const DELETE = handle;
