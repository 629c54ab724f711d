import "server-only";
import { isNotNull } from "drizzle-orm";
import { aiApps, type Database } from "@/lib/db";

/** `appid/model` → the model's display name, as the app's settings name it (「火花 快速版」). */
export type ModelNames = ReadonlyMap<string, string>;

export const modelNameKey = (appid: string, model: string) => `${appid}/${model}`;

/**
 * The display names of every model app's models (enabled or not: old calls keep their names). Read
 * from `model_settings.models` as stored: the names are plain there (only the providers' keys are
 * sealed), so no key is opened. A model without a name, or no longer listed, has none.
 */
export async function getModelNames(db: Database): Promise<ModelNames> {
  const rows = await db.select({ appid: aiApps.appid, settings: aiApps.modelSettings }).from(aiApps).where(isNotNull(aiApps.modelSettings));
  const names = new Map<string, string>();
  for (const { appid, settings } of rows) {
    const models = (settings as { models?: unknown } | null)?.models;
    if (!Array.isArray(models)) continue;
    for (const model of models as { id?: unknown; name?: unknown }[]) {
      if (typeof model?.id === "string" && typeof model.name === "string" && model.name.trim()) names.set(modelNameKey(appid, model.id), model.name.trim());
    }
  }
  return names;
}
