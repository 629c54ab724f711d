import "server-only";
import { listEnabledApps } from "@/features/ai-apps/server";
import { revalidateListings } from "@/features/marketing/server";
import { appPriceBodySchema } from "@/features/metering";
import { deleteAppPrice, describeAppPrices, listAppPriceRules, saveAppPrice } from "@/features/metering/server";
import { ApiRouteError, parseJsonBody } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { visitorIp } from "@/lib/supabase/visitor-ip";
import { recordAdminAction } from "../../server/admin-audit";
import type { AdminRoute } from "../../server/admin-api";

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });

async function requireApp(appid: string) {
  const app = (await listEnabledApps(await getDatabase())).find((candidate) => candidate.appid === appid);
  if (!app) throw new ApiRouteError(404, "应用不存在或已停用");
  return app;
}

/** 价格: `GET prices`, `POST prices/{appid}` (set), `DELETE prices/{appid}` (back to the base price); writes audited. */
export const priceRoutes: AdminRoute[] = [
  {
    method: "GET",
    pattern: /^prices$/,
    write: false,
    handle: async () => {
      const db = await getDatabase();
      return json({ prices: await describeAppPrices(db, await listEnabledApps(db)) });
    },
  },
  {
    method: "POST",
    pattern: /^prices\/([\w-]{1,64})$/,
    write: true,
    handle: async (request, [appid], admin) => {
      const app = await requireApp(appid!);
      const body = await parseJsonBody(request, appPriceBodySchema);
      const db = await getDatabase();
      const before = (await listAppPriceRules(db)).get(app.appid) ?? null;
      await saveAppPrice(db, app.appid, body);
      // /pricing and the API docs show the price list: regenerated on their next request.
      revalidateListings();
      await recordAdminAction(db, { actorId: admin.userId, action: "price.set", targetUserId: null, before: { appid: app.appid, price: before }, after: { appid: app.appid, price: body }, ip: visitorIp(request.headers) ?? null });
      return json({ appid: app.appid, price: body });
    },
  },
  {
    method: "DELETE",
    pattern: /^prices\/([\w-]{1,64})$/,
    write: true,
    handle: async (request, [appid], admin) => {
      const db = await getDatabase();
      const before = (await listAppPriceRules(db)).get(appid!) ?? null;
      if (!(await deleteAppPrice(db, appid!))) throw new ApiRouteError(404, "这个应用没有单独设置价格");
      revalidateListings();
      await recordAdminAction(db, { actorId: admin.userId, action: "price.reset", targetUserId: null, before: { appid, price: before }, ip: visitorIp(request.headers) ?? null });
      return json({ appid });
    },
  },
];
