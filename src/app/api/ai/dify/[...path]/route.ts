import { getDifyProxy } from "@/features/ai-apps/server";
import { MFA_REQUIRED_MESSAGE, resolveSignedInUser } from "@/features/auth/server";
import { admitAiCall } from "@/features/billing/server";
import { getDatabase } from "@/lib/db";

// The Dify proxy (src/features/ai-apps/server/proxy): the app is named by `?appid=` on every call.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type RouteContext = { params: Promise<{ path: string[] }> };

// Only calls that generate (and so spend tokens) are held to the monthly quota and the plan's
// concurrent-call limit: each takes a reservation the proxy settles when the call is over.
const proxy = () =>
  getDifyProxy({
    beforeForward: async ({ userId, endpoint }) => (endpoint.generation ? admitAiCall(await getDatabase(), userId) : undefined),
  });

async function handle(request: Request, { params }: RouteContext): Promise<Response> {
  const { path } = await params;
  const session = await resolveSignedInUser();
  if (session.state === "mfa_required") return Response.json({ statusCode: 403, message: MFA_REQUIRED_MESSAGE }, { status: 403 });
  return proxy().handle(request, { path, userId: session.state === "ok" ? session.userId : null });
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const DELETE = handle;
