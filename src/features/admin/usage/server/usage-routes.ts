import "server-only";
import { getDatabase } from "@/lib/db";
import type { AdminRoute } from "../../server/admin-api";
import { usageCsvResponse } from "./usage-csv";
import { getUsageReport, parseReportMonth } from "./usage-report";

/** 用量: `GET /api/admin/usage?month=` (the report as JSON) and `GET /api/admin/usage.csv?month=`. */
export const usageRoutes: AdminRoute[] = [
  {
    method: "GET",
    pattern: /^usage$/,
    write: false,
    handle: async (request) => {
      const month = parseReportMonth(new URL(request.url).searchParams.get("month"));
      return Response.json(await getUsageReport(await getDatabase(), month), { headers: { "Cache-Control": "private, no-store" } });
    },
  },
  {
    method: "GET",
    pattern: /^usage\.csv$/,
    write: false,
    handle: async (request) => usageCsvResponse(await getDatabase(), parseReportMonth(new URL(request.url).searchParams.get("month"))),
  },
];
