import "server-only";
import { listReports, parseReportStatus } from "@/features/reports/server";
import { parseJsonBody } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { parsePageNumber } from "@/lib/pagination";
import { visitorIp } from "@/lib/supabase/visitor-ip";
import { z } from "@/lib/zod";
import { BAN_DURATIONS, type BanLength } from "../../types";
import type { AdminRoute } from "../../server/admin-api";
import { banReportedUser, closeReportWithReply, hideReportedShare } from "./report-actions";

const json = (body: unknown) => Response.json(body, { headers: { "Cache-Control": "private, no-store" } });
const actorOf = (request: Request, userId: string) => ({ userId, ip: visitorIp(request.headers) ?? null });
const emptyBody = z.object({}).strict();
const banBody = z.object({ length: z.enum(Object.keys(BAN_DURATIONS) as [BanLength, ...BanLength[]]) }).strict();
const closeBody = z.object({ reply: z.string().trim().max(2000, "回复最多 2000 字").optional() }).strict();

/**
 * 举报: `GET reports?status=open|closed|all&page=`, and per report `POST reports/{id}/hide-share`,
 * `POST reports/{id}/ban {length}`, `POST reports/{id}/close {reply?}`.
 */
export const reportRoutes: AdminRoute[] = [
  {
    method: "GET",
    pattern: /^reports$/,
    write: false,
    handle: async (request) => {
      const url = new URL(request.url);
      return json(await listReports(await getDatabase(), { status: parseReportStatus(url.searchParams.get("status")), page: parsePageNumber(url.searchParams.get("page")) }));
    },
  },
  {
    method: "POST",
    pattern: /^reports\/([^/]+)\/hide-share$/,
    write: true,
    handle: async (request, [id], admin) => {
      await parseJsonBody(request, emptyBody);
      return json(await hideReportedShare(await getDatabase(), actorOf(request, admin.userId), id!));
    },
  },
  {
    method: "POST",
    pattern: /^reports\/([^/]+)\/ban$/,
    write: true,
    handle: async (request, [id], admin) => {
      const { length } = await parseJsonBody(request, banBody);
      return json(await banReportedUser(await getDatabase(), actorOf(request, admin.userId), id!, length));
    },
  },
  {
    method: "POST",
    pattern: /^reports\/([^/]+)\/close$/,
    write: true,
    handle: async (request, [id], admin) => {
      const { reply } = await parseJsonBody(request, closeBody);
      return json(await closeReportWithReply(await getDatabase(), actorOf(request, admin.userId), id!, reply || null));
    },
  },
];
