import "server-only";
import { parseJsonBody } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { visitorIp } from "@/lib/supabase/visitor-ip";
import { z } from "@/lib/zod";
import type { AdminRoute } from "../../server/admin-api";
import { loadUser } from "../../server/admin-user-lookup";
import { listUserSessions, signOutEverywhere } from "./user-sessions";

const json = (body: unknown) => Response.json(body, { headers: { "Cache-Control": "private, no-store" } });
const emptyBody = z.object({}).strict();

/** 会话: `GET /api/admin/users/{id}/sessions` and `POST /api/admin/users/{id}/sign-out {}` (退出所有设备). */
export const sessionRoutes: AdminRoute[] = [
  {
    method: "GET",
    pattern: /^users\/([^/]+)\/sessions$/,
    write: false,
    handle: async (_request, [userId]) => {
      await loadUser(userId!);
      return json(await listUserSessions(await getDatabase(), userId!));
    },
  },
  {
    method: "POST",
    pattern: /^users\/([^/]+)\/sign-out$/,
    write: true,
    handle: async (request, [userId], admin) => {
      await parseJsonBody(request, emptyBody);
      return json(await signOutEverywhere(await getDatabase(), { userId: admin.userId, ip: visitorIp(request.headers) ?? null }, userId!));
    },
  },
];
