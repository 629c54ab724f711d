import "server-only";
import { inviteSettingsBody } from "@/features/invitations";
import { listInvitations, loadInviteSettings, saveInviteSettings } from "@/features/invitations/server";
import { parseJsonBody } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { parsePageNumber } from "@/lib/pagination";
import { visitorIp } from "@/lib/supabase/visitor-ip";
import { recordAdminAction } from "../../server/admin-audit";
import type { AdminRoute } from "../../server/admin-api";

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });

/** 邀请: `GET invitations?page=`, `GET invitations/settings`, `POST invitations/settings` (audited). */
export const invitationRoutes: AdminRoute[] = [
  {
    method: "GET",
    pattern: /^invitations$/,
    write: false,
    handle: async (request) => json(await listInvitations(await getDatabase(), parsePageNumber(new URL(request.url).searchParams.get("page")))),
  },
  {
    method: "GET",
    pattern: /^invitations\/settings$/,
    write: false,
    handle: async () => json({ settings: await loadInviteSettings(await getDatabase()) }),
  },
  {
    method: "POST",
    pattern: /^invitations\/settings$/,
    write: true,
    handle: async (request, _match, admin) => {
      const body = await parseJsonBody(request, inviteSettingsBody);
      const db = await getDatabase();
      const before = await loadInviteSettings(db);
      await saveInviteSettings(db, body, admin.userId);
      await recordAdminAction(db, { actorId: admin.userId, action: "invite.settings.update", targetUserId: null, before: { ...before }, after: { ...body }, ip: visitorIp(request.headers) ?? null });
      return json({ settings: body });
    },
  },
];
