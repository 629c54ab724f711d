import { resolveNextSession } from "@/features/auth/server";
import { reportInputSchema } from "@/features/reports";
import { createReport } from "@/features/reports/server";
import { parseJsonBody, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { visitorIp } from "@/lib/supabase/visitor-ip";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** 举报: an answer (signed in) or a share page (anyone), into the operators' queue; rate-limited per visitor. */
export const POST = withApiErrors(async (request: Request) => {
  const input = await parseJsonBody(request, reportInputSchema);
  const { token, verdict } = await resolveNextSession();
  const userId = verdict.state === "ok" ? verdict.userId : null;
  const email = userId && typeof token?.claims.email === "string" ? token.claims.email : null;
  const created = await createReport(await getDatabase(), input, { userId, email, ip: visitorIp(request.headers) ?? null });
  return Response.json(created, { status: 201, headers: { "Cache-Control": "private, no-store" } });
});
