import "server-only";
import { userRecordsCsv } from "@/features/log-retention/server";
import { ApiRouteError } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { visitorIp } from "@/lib/supabase/visitor-ip";
import { z } from "@/lib/zod";
import type { AdminRoute } from "../../server/admin-api";
import { recordAdminAction } from "../../server/admin-audit";
import { isUserId } from "../../server/admin-users";

const DAY_MS = 86_400_000;
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "日期格式应为 YYYY-MM-DD");
const periodQuery = z.object({ from: day, to: day }).refine((period) => period.from <= period.to, "开始日期不能晚于结束日期");

/** China-time days, `to` included: [from 00:00, to + 1 day 00:00) in +08:00. */
const chinaDay = (value: string) => new Date(`${value}T00:00:00+08:00`);

/**
 * `GET users/{id}/records.csv?from=&to=`: one user's AI-call and sign-in records of a period, as CSV
 * (网络安全法 log requests from the authorities, disputes). Reading a person's records is audited.
 */
export const logExportRoutes: AdminRoute[] = [
  {
    method: "GET",
    pattern: /^users\/([^/]+)\/records\.csv$/,
    write: false,
    handle: async (request, [userId], admin) => {
      if (!isUserId(userId!)) throw new ApiRouteError(404, "用户不存在");
      const url = new URL(request.url);
      const parsed = periodQuery.safeParse({ from: url.searchParams.get("from") ?? "", to: url.searchParams.get("to") ?? "" });
      if (!parsed.success) throw new ApiRouteError(400, parsed.error.issues[0]?.message ?? "请求参数无效");
      const from = chinaDay(parsed.data.from);
      const to = new Date(chinaDay(parsed.data.to).getTime() + DAY_MS);
      const db = await getDatabase();
      const csv = await userRecordsCsv(db, userId!, from, to);
      await recordAdminAction(db, { actorId: admin.userId, action: "user.records_export", targetUserId: userId!, after: { from: parsed.data.from, to: parsed.data.to }, ip: visitorIp(request.headers) ?? null });
      return new Response(csv, {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="records-${userId}-${parsed.data.from}-${parsed.data.to}.csv"`,
          "Cache-Control": "private, no-store",
        },
      });
    },
  },
];
