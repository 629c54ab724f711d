import "server-only";
import { eq, max } from "drizzle-orm";
import { AppSecretsConfigError, appFromRow, ensureAppRegistrySeeded, appOrder, sealAppSecrets, secretKeyRing, type AiApp } from "@/features/ai-apps/server";
import { revalidateListings } from "@/features/marketing/server";
import { ApiRouteError } from "@/lib/api";
import { aiApps, type Database } from "@/lib/db";
import { clusterEventsFor } from "@/lib/db/cluster-events";
import type { AiAppRow } from "@/lib/db/schema/ai-apps";
import { recordAdminAction } from "../../server/admin-audit";
import type { AdminActor } from "../../server/admin-user-actions";
import type { AppFields } from "../app-input";
import type { AdminAppView } from "../types";
import { adminAppView, appFromFields, auditSnapshot } from "./app-views";

/** Every app, enabled or not, in the user-facing order, as the console shows it (no keys). */
export async function listAdminApps(db: Database): Promise<AdminAppView[]> {
  await ensureAppRegistrySeeded(db);
  const ring = await secretKeyRing(db);
  const rows = await db.select().from(aiApps).orderBy(...appOrder);
  return rows.map((row) => adminAppView(appFromRow(row, ring), row));
}

/** A stored app with its keys (server-side only), or undefined. */
export async function loadStoredApp(db: Database, appid: string): Promise<{ app: AiApp; row: AiAppRow } | undefined> {
  await ensureAppRegistrySeeded(db);
  const [row] = await db.select().from(aiApps).where(eq(aiApps.appid, appid));
  if (!row) return undefined;
  return { app: appFromRow(row, await secretKeyRing(db)), row };
}

async function requireStoredApp(db: Database, appid: string) {
  const stored = await loadStoredApp(db, appid);
  if (!stored) throw new ApiRouteError(404, "应用不存在");
  return stored;
}

async function sealed(db: Database, app: AiApp) {
  try {
    return sealAppSecrets(app, await secretKeyRing(db));
  } catch (error) {
    if (error instanceof AppSecretsConfigError) throw new ApiRouteError(409, error.message);
    throw error;
  }
}

/**
 * Every process drops its cached look-ups: the change holds at once, without a restart; the
 * prerendered listings (/, /ai, the sitemap) are regenerated.
 */
const announce = async (db: Database, appid: string) => {
  revalidateListings();
  await clusterEventsFor(db).publish("spark_ai_registry_changed", appid);
};

const columnsOf = (app: AiApp) => ({
  kind: app.kind,
  name: app.name,
  description: app.description,
  genaiFiling: app.genaiFiling ?? "",
  icon: app.icon,
  upstreamBaseUrl: app.upstreamBaseUrl,
  enabled: app.enabled,
});

/** 添加: a new console-owned app at the end of the order. */
export async function createApp(db: Database, actor: AdminActor, appid: string, fields: AppFields): Promise<AdminAppView> {
  if (await loadStoredApp(db, appid)) throw new ApiRouteError(409, "应用 ID 已存在，请换一个");
  const app = appFromFields(appid, fields, undefined);
  const [{ last } = { last: null }] = await db.select({ last: max(aiApps.position) }).from(aiApps);
  const [row] = await db
    .insert(aiApps)
    .values({ appid, ...columnsOf(app), ...(await sealed(db, app)), position: last === null ? 0 : last + 1, managedBy: "console" })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ApiRouteError(409, "应用 ID 已存在，请换一个");
  await recordAdminAction(db, { actorId: actor.userId, action: "app.create", targetUserId: null, before: null, after: auditSnapshot(app), ip: actor.ip });
  await announce(db, appid);
  return adminAppView(app, row);
}

/** 编辑: the fields replace the app's; keys left empty are kept. The row is the console's from now on. */
export async function updateApp(db: Database, actor: AdminActor, appid: string, fields: AppFields): Promise<AdminAppView> {
  const { app: before } = await requireStoredApp(db, appid);
  const app = appFromFields(appid, fields, before);
  const [row] = await db
    .update(aiApps)
    .set({ ...columnsOf(app), ...(await sealed(db, app)), managedBy: "console" })
    .where(eq(aiApps.appid, appid))
    .returning();
  await recordAdminAction(db, { actorId: actor.userId, action: "app.update", targetUserId: null, before: auditSnapshot(before), after: auditSnapshot(app), ip: actor.ip });
  await announce(db, appid);
  return adminAppView(app, row!);
}

/** 停用 / 启用. The row becomes the console's, so the next start does not undo it. */
export async function setAppEnabled(db: Database, actor: AdminActor, appid: string, enabled: boolean): Promise<AdminAppView> {
  const { app: before } = await requireStoredApp(db, appid);
  const [row] = await db.update(aiApps).set({ enabled, managedBy: "console" }).where(eq(aiApps.appid, appid)).returning();
  const app = { ...before, enabled };
  await recordAdminAction(db, {
    actorId: actor.userId,
    action: enabled ? "app.enable" : "app.disable",
    targetUserId: null,
    before: { appid, enabled: before.enabled },
    after: { appid, enabled },
    ip: actor.ip,
  });
  await announce(db, appid);
  return adminAppView(app, row!);
}

/** 排序: `appids` is every app in its new order (the user-facing lists follow `position`). */
export async function reorderApps(db: Database, actor: AdminActor, appids: string[]): Promise<AdminAppView[]> {
  await ensureAppRegistrySeeded(db);
  const rows = await db.select({ appid: aiApps.appid }).from(aiApps).orderBy(...appOrder);
  const before = rows.map((row) => row.appid);
  if (new Set(appids).size !== appids.length || appids.length !== before.length || !before.every((appid) => appids.includes(appid))) {
    throw new ApiRouteError(400, "排序需要列出全部应用，且每个应用只出现一次");
  }
  await db.transaction(async (tx) => {
    for (const [position, appid] of appids.entries()) await tx.update(aiApps).set({ position }).where(eq(aiApps.appid, appid));
  });
  await recordAdminAction(db, { actorId: actor.userId, action: "app.reorder", targetUserId: null, before: { order: before }, after: { order: appids }, ip: actor.ip });
  await announce(db, "*");
  return listAdminApps(db);
}
