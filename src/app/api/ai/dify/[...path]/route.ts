import { getDifyProxy } from "@/features/ai-apps/server";
import { MFA_REQUIRED_MESSAGE, resolveSignedInUser } from "@/features/auth/server";
import { admitGenerationCall } from "@/features/billing/server";

// The Dify proxy (src/features/ai-apps/server/proxy): the app is named by `?appid=` on every call.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type RouteContext = { params: Promise<{ path: string[] }> };

async function handle(request: Request, { params }: RouteContext): Promise<Response> {
  const { path } = await params;
  const session = await resolveSignedInUser();
  if (session.state === "mfa_required") return Response.json({ statusCode: 403, message: MFA_REQUIRED_MESSAGE }, { status: 403 });
  return getDifyProxy({ beforeForward: admitGenerationCall }).handle(request, { path, userId: session.state === "ok" ? session.userId : null });
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const DELETE = handle;
