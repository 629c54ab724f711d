import { requireCurrentUserId } from "@/features/auth/server";
import { openMailedExport, zipDownload } from "@/features/personal-data/server";
import { ApiRouteError, withApiErrors } from "@/lib/api";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type RouteContext = { params: Promise<{ id: string }> };

/** The mailed link of a background 下载我的数据: signed, expiring, for the signed-in user it was made for only. */
export const GET = withApiErrors(async (request: Request, { params }: RouteContext) => {
  const userId = await requireCurrentUserId();
  const { id } = await params;
  const query = new URL(request.url).searchParams;
  const opened = await openMailedExport({ id, expires: query.get("expires"), sig: query.get("sig") }, userId);
  if ("refused" in opened) throw new ApiRouteError(opened.refused === "expired" ? 410 : 404, opened.refused === "expired" ? "下载链接已过期，请重新申请下载我的数据" : "下载链接无效");
  return zipDownload(opened.fileName, opened.zip);
});
