import type { NextRequest } from "next/server";
import { apiErrorResponse, withApiErrors } from "@/lib/api";
import { isDevOutboxEnabled, listDevOutboxMessages } from "@/lib/supabase/dev-outbox";

export const dynamic = "force-dynamic";

/** The dev outbox as JSON (newest first; `?to=` filters by recipient), for scripts and tests. */
export const GET = withApiErrors(async (request: NextRequest) => {
  if (!isDevOutboxEnabled()) return apiErrorResponse(404, "开发发件箱未启用");
  const to = request.nextUrl.searchParams.get("to") ?? undefined;
  return Response.json({ messages: await listDevOutboxMessages({ to, limit: 200 }) }, { headers: { "Cache-Control": "no-store" } });
});
