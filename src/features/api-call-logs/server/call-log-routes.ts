import { requireCurrentUserId } from "@/features/auth/server";
import { ApiRouteError } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { filtersFromQuery } from "../filters";
import { callLogsCsvStream } from "./call-log-csv";

/**
 * `GET /api/keys/call-logs/export?key=&model=&status=&from=&to=`: the signed-in user's 调用日志 as
 * CSV. Only their own rows are ever read: another user's key id simply matches nothing.
 */
export async function exportCallLogs(request: Request): Promise<Response> {
  const userId = await requireCurrentUserId();
  const parsed = filtersFromQuery(new URL(request.url).searchParams);
  if (!parsed.success) throw new ApiRouteError(400, parsed.error.issues[0]?.message ?? "筛选条件无效");
  const stamp = new Date().toLocaleDateString("sv-SE", { timeZone: "Asia/Shanghai" });
  return new Response(callLogsCsvStream(await getDatabase(), userId, parsed.data), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="api-call-logs-${stamp}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
