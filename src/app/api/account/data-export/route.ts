import { requireCurrentUserId } from "@/features/auth/server";
import { exportPersonalData, zipDownload } from "@/features/personal-data/server";
import { withApiErrors } from "@/lib/api";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * 下载我的数据: the signed-in user's own data as a ZIP (JSON + Markdown); for a large account, 202 and
 * the ZIP built in the background, its link mailed.
 */
export const GET = withApiErrors(async () => {
  const userId = await requireCurrentUserId();
  const outcome = await exportPersonalData(userId);
  if ("mailedTo" in outcome) return Response.json({ background: true, mailedTo: outcome.mailedTo }, { status: 202, headers: { "Cache-Control": "private, no-store" } });
  return zipDownload(outcome.fileName, outcome.bytes);
});
