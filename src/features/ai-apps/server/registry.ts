import { and, asc, eq, max, notInArray } from "drizzle-orm";
import { getDatabase } from "@/lib/db/client";
import { clusterEventsFor } from "@/lib/db/cluster-events";
import { aiApps, type AiAppRow } from "@/lib/db/schema/ai-apps";
import type { Database } from "@/lib/db/types";
import type { PublicAiApp } from "../types";
import { modelAppSettingsSchema } from "@/features/ai-models/server";
import { loadConfiguredApps, toPublicApp, type ConfiguredApp } from "./config";
import { assertMayStore, openAppSecrets, sealAppSecrets, SecretDecryptionError, secretKeyRing, type SecretKeyRing } from "./secrets";

/** A registry row with its upstream secret: never send this object to a browser (use toPublicApp). */
export type AiApp = ConfiguredApp;

const seeded = new WeakMap<Database, Promise<void>>();

/**
 * Seeds `ai_apps` from the configuration. The rule (README "Registry"): an app the database does not
 * hold yet is inserted (at the end of the order); a row the configuration created and nobody edited
 * (`managed_by = 'config'`) follows the configuration (updated, or disabled once no longer listed);
 * a row added or edited in the operator console (`managed_by = 'console'`) is never touched. Then
 * every stored key still in plaintext (or sealed with an old key) is encrypted with the current one.
 * Runs at start-up; `getApp`/`listEnabledApps` also run it once per database lazily.
 */
export async function seedAppRegistry(db: Database, apps: ConfiguredApp[] = loadConfiguredApps()): Promise<void> {
  const work = (async () => {
    const ring = await secretKeyRing(db);
    const existing = new Map((await db.select({ appid: aiApps.appid, managedBy: aiApps.managedBy }).from(aiApps)).map((row) => [row.appid, row.managedBy]));
    const [{ last } = { last: null }] = await db.select({ last: max(aiApps.position) }).from(aiApps);
    let position = last === null ? 0 : last + 1;
    for (const app of apps) {
      const owner = existing.get(app.appid);
      if (owner === "console") continue;
      const values = {
        kind: app.kind,
        name: app.name,
        description: app.description,
        icon: app.icon,
        upstreamBaseUrl: app.upstreamBaseUrl,
        ...sealAppSecrets({ ...app, modelSettings: app.modelSettings }, ring),
        enabled: app.enabled,
      };
      if (owner === undefined) await db.insert(aiApps).values({ appid: app.appid, ...values, position: position++ }).onConflictDoNothing();
      else await db.update(aiApps).set(values).where(and(eq(aiApps.appid, app.appid), eq(aiApps.managedBy, "config")));
    }
    const keep = apps.map((app) => app.appid);
    const configOwnedAndEnabled = and(eq(aiApps.managedBy, "config"), eq(aiApps.enabled, true));
    await db
      .update(aiApps)
      .set({ enabled: false })
      .where(keep.length > 0 ? and(notInArray(aiApps.appid, keep), configOwnedAndEnabled) : configOwnedAndEnabled);
    await resealStoredSecrets(db, ring);
    // Every process drops its cached look-ups (the proxy's app cache), so the change holds at once.
    await clusterEventsFor(db).publish("spark_ai_registry_changed", "*");
  })();
  seeded.set(db, work);
  await work;
}

/** Encrypts rows written before encryption (plaintext keys) or with a key other than the primary. */
async function resealStoredSecrets(db: Database, ring: SecretKeyRing): Promise<void> {
  for (const row of await db.select().from(aiApps)) {
    let opened: ReturnType<typeof openAppSecrets>;
    try {
      opened = openAppSecrets(row, ring);
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error;
      // A lost or changed key: this app fails until its key is entered again in the console.
      console.error(`[ai-apps] 应用「${row.appid}」的密钥无法解密，请在管理后台重新填写：${error.message}`);
      continue;
    }
    const app = { appid: row.appid, upstreamBaseUrl: row.upstreamBaseUrl, upstreamSecretKey: opened.upstreamSecretKey, modelSettings: opened.modelSettings };
    // Production without APP_ENCRYPTION_KEY refuses to start while a real upstream key is stored.
    assertMayStore(ring, app);
    if (!opened.stale) continue;
    const sealed = sealAppSecrets(app, ring);
    await db.update(aiApps).set({ ...sealed, updatedAt: row.updatedAt }).where(eq(aiApps.appid, row.appid));
  }
}

/** Seeds the database from the configuration once per process (start-up normally has). */
export function ensureSeeded(db: Database): Promise<void> {
  let work = seeded.get(db);
  if (!work) {
    work = seedAppRegistry(db);
    // A failed seed is retried on the next call.
    work.catch(() => seeded.delete(db));
  }
  return work;
}

/** A stored row with its keys decrypted (server-side only). */
export function appFromRow(row: AiAppRow, ring: SecretKeyRing): AiApp {
  const { upstreamSecretKey, modelSettings } = openAppSecrets(row, ring);
  return {
    appid: row.appid,
    kind: row.kind,
    name: row.name,
    description: row.description,
    icon: row.icon,
    ...(row.genaiFiling ? { genaiFiling: row.genaiFiling } : {}),
    upstreamBaseUrl: row.upstreamBaseUrl,
    upstreamSecretKey,
    enabled: row.enabled,
    ...(modelSettings ? { modelSettings: modelAppSettingsSchema.parse(modelSettings) } : {}),
  };
}

/** The user-facing order: the console's `position`, then the id. */
export const appOrder = [asc(aiApps.position), asc(aiApps.appid)] as const;

/** An enabled app with its upstream (server-side only), or undefined for unknown/disabled ids. */
export async function getApp(appid: string, db?: Database): Promise<AiApp | undefined> {
  const database = db ?? (await getDatabase());
  await ensureSeeded(database);
  const [row] = await database.select().from(aiApps).where(and(eq(aiApps.appid, appid), eq(aiApps.enabled, true)));
  return row ? appFromRow(row, await secretKeyRing(database)) : undefined;
}

/** Every enabled app with its upstream and model settings (server-side only), in the console's order. */
export async function listEnabledAppsWithUpstream(db?: Database): Promise<AiApp[]> {
  const database = db ?? (await getDatabase());
  await ensureSeeded(database);
  const rows = await database.select().from(aiApps).where(eq(aiApps.enabled, true)).orderBy(...appOrder);
  const ring = await secretKeyRing(database);
  return rows.map((row) => appFromRow(row, ring));
}

/** Public fields of every enabled app, in the console's order (reads no key). */
export async function listEnabledApps(db?: Database): Promise<PublicAiApp[]> {
  const database = db ?? (await getDatabase());
  await ensureSeeded(database);
  const rows = await database
    .select({ appid: aiApps.appid, kind: aiApps.kind, name: aiApps.name, description: aiApps.description, icon: aiApps.icon, genaiFiling: aiApps.genaiFiling })
    .from(aiApps)
    .where(eq(aiApps.enabled, true))
    .orderBy(...appOrder);
  return rows.map(toPublicApp);
}
