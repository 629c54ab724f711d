import "server-only";
import { getAiProxy } from "@/features/ai-call/server";
import { ApiRouteError, parseJsonBody } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { visitorIp } from "@/lib/supabase/visitor-ip";
import type { AdminRoute } from "../../server/admin-api";
import { appidField, connectionTestBody, enabledBody, newAppSchema, appFieldsSchema, reorderBody } from "../app-input";
import { createApp, listAdminApps, loadStoredApp, reorderApps, setAppEnabled, updateApp } from "./app-actions";
import { appFromFields } from "./app-views";
import { testAppConnection } from "./connection-test";

const actorOf = (request: Request, userId: string) => ({ userId, ip: visitorIp(request.headers) ?? null });
const json = (body: unknown) => Response.json(body, { headers: { "Cache-Control": "private, no-store" } });
const APPID = "([A-Za-z0-9_-]{1,64})";

/**
 * AI 应用: `GET apps`, `POST apps {appid, app}`, `POST apps/{appid} {app fields}`,
 * `POST apps/{appid}/enabled {enabled}`, `POST apps/order {appids}`, `POST apps/connection-test {appid?, app?}`.
 */
export const appsRoutes: AdminRoute[] = [
  {
    method: "GET",
    pattern: /^apps$/,
    write: false,
    handle: async () => json({ apps: await listAdminApps(await getDatabase()) }),
  },
  {
    method: "POST",
    pattern: /^apps$/,
    write: true,
    handle: async (request, _match, admin) => {
      const { appid, app } = await parseJsonBody(request, newAppSchema);
      return json(await createApp(await getDatabase(), actorOf(request, admin.userId), appid, app));
    },
  },
  {
    method: "POST",
    pattern: /^apps\/order$/,
    write: true,
    handle: async (request, _match, admin) => {
      const { appids } = await parseJsonBody(request, reorderBody);
      return json({ apps: await reorderApps(await getDatabase(), actorOf(request, admin.userId), appids) });
    },
  },
  {
    // A write: it spends the upstream's requests and, with the form's fields, points a stored key somewhere.
    method: "POST",
    pattern: /^apps\/connection-test$/,
    write: true,
    handle: async (request) => {
      const body = await parseJsonBody(request, connectionTestBody);
      const db = await getDatabase();
      const stored = body.appid ? await loadStoredApp(db, body.appid) : undefined;
      if (body.appid && !stored) throw new ApiRouteError(404, "应用不存在");
      const app = body.app ? appFromFields(body.appid ?? "connection-test", body.app, stored?.app) : stored!.app;
      return json(await testAppConnection(app, { callUpstream: getAiProxy().callUpstream }));
    },
  },
  {
    method: "POST",
    pattern: new RegExp(`^apps/${APPID}/enabled$`),
    write: true,
    handle: async (request, [appid], admin) => {
      const { enabled } = await parseJsonBody(request, enabledBody);
      return json(await setAppEnabled(await getDatabase(), actorOf(request, admin.userId), appid!, enabled));
    },
  },
  {
    method: "POST",
    pattern: new RegExp(`^apps/${APPID}$`),
    write: true,
    handle: async (request, [appid], admin) => {
      if (!appidField.safeParse(appid).success || appid === "order" || appid === "connection-test") throw new ApiRouteError(404, "应用不存在");
      const app = await parseJsonBody(request, appFieldsSchema);
      return json(await updateApp(await getDatabase(), actorOf(request, admin.userId), appid!, app));
    },
  },
];
