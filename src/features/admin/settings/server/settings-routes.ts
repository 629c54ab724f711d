import "server-only";
import { revalidateSiteWide } from "@/features/marketing/server";
import { complianceSettingsBody, complianceSettingsFromEnv, loadComplianceOverrides, saveComplianceSettings } from "@/features/compliance/server";
import { parseJsonBody } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { visitorIp } from "@/lib/supabase/visitor-ip";
import { recordAdminAction } from "../../server/admin-audit";
import type { AdminRoute } from "../../server/admin-api";

const json = (body: unknown) => Response.json(body, { headers: { "Cache-Control": "private, no-store" } });

/** 站点设置: `GET settings` (the stored overrides and the environment's values), `POST settings {fields}`. */
export const settingsRoutes: AdminRoute[] = [
  {
    method: "GET",
    pattern: /^settings$/,
    write: false,
    handle: async () => json({ overrides: await loadComplianceOverrides(await getDatabase()), env: complianceSettingsFromEnv() }),
  },
  {
    method: "POST",
    pattern: /^settings$/,
    write: true,
    handle: async (request, _match, admin) => {
      const input = await parseJsonBody(request, complianceSettingsBody);
      const db = await getDatabase();
      const before = await loadComplianceOverrides(db);
      const settings = await saveComplianceSettings(db, input, admin.userId);
      // The filings sit at the foot of every page, prerendered ones included.
      revalidateSiteWide();
      await recordAdminAction(db, { actorId: admin.userId, action: "site.settings.update", targetUserId: null, before: { ...before }, after: { ...(await loadComplianceOverrides(db)) }, ip: visitorIp(request.headers) ?? null });
      return json({ settings });
    },
  },
];
