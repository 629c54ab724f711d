import "server-only";
import { parseJsonBody } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { visitorIp } from "@/lib/supabase/visitor-ip";
import type { AdminRoute } from "../../server/admin-api";
import { listMonthGrants } from "./month-grants";
import { changeUserPlan, grantQuota, quotaGrantBody, userPlanBody } from "./quota-actions";
import { parsePageNumber } from "@/lib/pagination";

const actorOf = (request: Request, userId: string) => ({ userId, ip: visitorIp(request.headers) ?? null });
const json = (body: unknown) => Response.json(body, { headers: { "Cache-Control": "private, no-store" } });

const pageParam = (url: URL) => parsePageNumber(url.searchParams.get("page"));

/**
 * 额度: `GET /api/admin/quota-grants?page=` (the month's grants, 50 a page, as on /admin/quota),
 * `POST /api/admin/users/{id}/quota-grants {tokens, reason}` and `POST /api/admin/users/{id}/plan {planId}`.
 */
export const quotaRoutes: AdminRoute[] = [
  {
    method: "GET",
    pattern: /^quota-grants$/,
    write: false,
    handle: async (request) => json(await listMonthGrants(await getDatabase(), { page: pageParam(new URL(request.url)) })),
  },
  {
    method: "POST",
    pattern: /^users\/([^/]+)\/quota-grants$/,
    write: true,
    handle: async (request, [userId], admin) => {
      const input = await parseJsonBody(request, quotaGrantBody);
      return json(await grantQuota(await getDatabase(), actorOf(request, admin.userId), userId!, input));
    },
  },
  {
    method: "POST",
    pattern: /^users\/([^/]+)\/plan$/,
    write: true,
    handle: async (request, [userId], admin) => {
      const { planId } = await parseJsonBody(request, userPlanBody);
      return json(await changeUserPlan(await getDatabase(), actorOf(request, admin.userId), userId!, planId));
    },
  },
];
