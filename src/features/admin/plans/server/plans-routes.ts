import "server-only";
import { parseJsonBody } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { visitorIp } from "@/lib/supabase/visitor-ip";
import type { AdminRoute } from "../../server/admin-api";
import { createPlan, deletePlan, listAdminPlans, updatePlan } from "./plan-admin";
import { createPlanBody, updatePlanBody } from "./plan-input";

const actorOf = (request: Request, userId: string) => ({ userId, ip: visitorIp(request.headers) ?? null });
const json = (body: unknown) => Response.json(body, { headers: { "Cache-Control": "private, no-store" } });
const PLAN = "([a-z][a-z0-9-]{1,31})";

/** 套餐: `GET /api/admin/plans`, `POST /api/admin/plans` (new), `POST /api/admin/plans/{id}` (edit), `DELETE /api/admin/plans/{id}`. */
export const plansRoutes: AdminRoute[] = [
  {
    method: "GET",
    pattern: /^plans$/,
    write: false,
    handle: async () => json({ plans: await listAdminPlans(await getDatabase()) }),
  },
  {
    method: "POST",
    pattern: /^plans$/,
    write: true,
    handle: async (request, _match, admin) => json(await createPlan(await getDatabase(), actorOf(request, admin.userId), await parseJsonBody(request, createPlanBody))),
  },
  {
    method: "POST",
    pattern: new RegExp(`^plans/${PLAN}$`),
    write: true,
    handle: async (request, [planId], admin) =>
      json(await updatePlan(await getDatabase(), actorOf(request, admin.userId), planId!, await parseJsonBody(request, updatePlanBody))),
  },
  {
    method: "DELETE",
    pattern: new RegExp(`^plans/${PLAN}$`),
    write: true,
    handle: async (request, [planId], admin) => json(await deletePlan(await getDatabase(), actorOf(request, admin.userId), planId!)),
  },
];
