import { answerAppProxyCall } from "@/features/ai-call/server";
import { resolveSignedInUser } from "@/features/auth/server";

// The Dify proxy (src/features/ai-apps/server/proxy): the app is named by `?appid=` on every call.
// `npm start` answers these URLs before Next.js's router (src/features/fast-lane); this handler is
// the same call under `next dev`.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type RouteContext = { params: Promise<{ path: string[] }> };

async function handle(request: Request, { params }: RouteContext): Promise<Response> {
  const { path } = await params;
  return answerAppProxyCall(request, path, await resolveSignedInUser());
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const DELETE = handle;
