import { and, asc, eq, notInArray } from "drizzle-orm";
import { getDatabase } from "@/lib/db/client";
import { clusterEventsFor } from "@/lib/db/cluster-events";
import { aiApps, type AiAppRow } from "@/lib/db/schema/ai-apps";
import type { Database } from "@/lib/db/types";
import type { PublicAiApp } from "../types";
import { modelAppSettingsSchema } from "@/features/ai-models/server";
import { loadConfiguredApps, toPublicApp, type ConfiguredApp } from "./config";

/** A registry row with its upstream secret: never send this object to a browser (use toPublicApp). */
export type AiApp = ConfiguredApp;

const seeded = new WeakMap<Database, Promise<void>>();

/**
 * Writes the configured apps into `ai_apps` (insert or update) and disables rows no longer
 * configured. Runs at start-up; `getApp`/`listEnabledApps` also run it once per database lazily.
 */
export async function seedAppRegistry(db: Database, apps: ConfiguredApp[] = loadConfiguredApps()): Promise<void> {
  const work = (async () => {
    for (const app of apps) {
      const values = {
        kind: app.kind,
        name: app.name,
        description: app.description,
        icon: app.icon,
        upstreamBaseUrl: app.upstreamBaseUrl,
        upstreamSecretKey: app.upstreamSecretKey,
        modelSettings: app.modelSettings ?? null,
        enabled: app.enabled,
      };
      await db.insert(aiApps).values({ appid: app.appid, ...values }).onConflictDoUpdate({ target: aiApps.appid, set: values });
    }
    const keep = apps.map((app) => app.appid);
    await db
      .update(aiApps)
      .set({ enabled: false })
      .where(keep.length > 0 ? and(notInArray(aiApps.appid, keep), eq(aiApps.enabled, true)) : eq(aiApps.enabled, true));
    // Every process drops its cached look-ups (the proxy's app cache), so the change holds at once.
    await clusterEventsFor(db).publish("spark_ai_registry_changed", "*");
  })();
  seeded.set(db, work);
  await work;
}

function ensureSeeded(db: Database): Promise<void> {
  let work = seeded.get(db);
  if (!work) {
    work = seedAppRegistry(db);
    // A failed seed is retried on the next call.
    work.catch(() => seeded.delete(db));
  }
  return work;
}

function fromRow(row: AiAppRow): AiApp {
  return {
    appid: row.appid,
    kind: row.kind,
    name: row.name,
    description: row.description,
    icon: row.icon,
    upstreamBaseUrl: row.upstreamBaseUrl,
    upstreamSecretKey: row.upstreamSecretKey,
    enabled: row.enabled,
    ...(row.modelSettings ? { modelSettings: modelAppSettingsSchema.parse(row.modelSettings) } : {}),
  };
}

/** An enabled app with its upstream (server-side only), or undefined for unknown/disabled ids. */
export async function getApp(appid: string, db?: Database): Promise<AiApp | undefined> {
  const database = db ?? (await getDatabase());
  await ensureSeeded(database);
  const [row] = await database.select().from(aiApps).where(and(eq(aiApps.appid, appid), eq(aiApps.enabled, true)));
  return row ? fromRow(row) : undefined;
}

/** Every enabled app with its upstream and model settings (server-side only), in id order. */
export async function listEnabledAppsWithUpstream(db?: Database): Promise<AiApp[]> {
  const database = db ?? (await getDatabase());
  await ensureSeeded(database);
  const rows = await database.select().from(aiApps).where(eq(aiApps.enabled, true)).orderBy(asc(aiApps.appid));
  return rows.map(fromRow);
}

/** Public fields of every enabled app, in id order. */
export async function listEnabledApps(db?: Database): Promise<PublicAiApp[]> {
  return (await listEnabledAppsWithUpstream(db)).map(toPublicApp);
}
