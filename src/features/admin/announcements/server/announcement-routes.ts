import "server-only";
import { announcementBodySchema } from "@/features/announcements";
import { createAnnouncement, deleteAnnouncement, listAnnouncements } from "@/features/announcements/server";
import { getPlanCatalog } from "@/features/billing/server";
import { ApiRouteError, parseJsonBody } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { visitorIp } from "@/lib/supabase/visitor-ip";
import { recordAdminAction } from "../../server/admin-audit";
import type { AdminRoute } from "../../server/admin-api";

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });

/** 站内公告: `GET announcements`, `POST announcements {text, link?, startsAt?, endsAt?, audiencePlanId?}`, `DELETE announcements/{id}`; writes audited. */
export const announcementRoutes: AdminRoute[] = [
  {
    method: "GET",
    pattern: /^announcements$/,
    write: false,
    handle: async () => json({ announcements: await listAnnouncements(await getDatabase()) }),
  },
  {
    method: "POST",
    pattern: /^announcements$/,
    write: true,
    handle: async (request, _match, admin) => {
      const body = await parseJsonBody(request, announcementBodySchema);
      const db = await getDatabase();
      if (body.audiencePlanId && !(await getPlanCatalog(db)).find(body.audiencePlanId)) throw new ApiRouteError(400, "套餐不存在");
      const created = await createAnnouncement(db, body, admin.userId);
      const { id, ...fields } = created;
      await recordAdminAction(db, { actorId: admin.userId, action: "announcement.create", targetUserId: null, after: { announcementId: id, ...fields }, ip: visitorIp(request.headers) ?? null });
      return json({ announcement: created }, 201);
    },
  },
  {
    method: "DELETE",
    pattern: /^announcements\/([^/]+)$/,
    write: true,
    handle: async (request, [id], admin) => {
      const db = await getDatabase();
      const deleted = await deleteAnnouncement(db, id!);
      await recordAdminAction(db, { actorId: admin.userId, action: "announcement.delete", targetUserId: null, before: { announcementId: deleted.id, text: deleted.text }, ip: visitorIp(request.headers) ?? null });
      return json({ deleted: deleted.id });
    },
  },
];
