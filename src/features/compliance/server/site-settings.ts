import "server-only";
import { inArray, sql } from "drizzle-orm";
import { getDatabase, type Database } from "@/lib/db";
import { siteSettings } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { z } from "@/lib/zod";
import type { SiteFilings } from "../filings";

/** What the console's 站点设置 can override; a value left unset follows its environment variable. */
export interface ComplianceSettings extends SiteFilings {
  requirePhoneForAi: boolean;
}

/** The console's form: `null` for a field returns it to the environment's value. */
export const complianceSettingsBody = z
  .object({
    icpNumber: z.string().trim().max(100, "ICP 备案号最多 100 个字符").nullable(),
    psbNumber: z.string().trim().max(100, "公安联网备案号最多 100 个字符").nullable(),
    genaiFiling: z.string().trim().max(300, "生成式人工智能服务备案信息最多 300 个字符").nullable(),
    requirePhoneForAi: z.boolean().nullable(),
  })
  .partial()
  .strict();
export type ComplianceSettingsInput = z.infer<typeof complianceSettingsBody>;

const KEYS = { icpNumber: "site.icp_number", psbNumber: "site.psb_number", genaiFiling: "site.genai_filing", requirePhoneForAi: "ai.require_phone" } as const;

/**
 * Read on every page (the footer) and every AI call: kept a few seconds per process. A save in this
 * process clears it at once; other processes see it within CACHE_MS.
 */
const CACHE_MS = 5_000;
let cached: { value: Promise<ComplianceSettings>; expiresAt: number } | undefined;

function fromEnv(): ComplianceSettings {
  const env = getEnv();
  return { icpNumber: env.SITE_ICP_NUMBER ?? "", psbNumber: env.SITE_PSB_NUMBER ?? "", genaiFiling: env.SITE_GENAI_FILING ?? "", requirePhoneForAi: env.REQUIRE_PHONE_FOR_AI === "on" };
}

/** What the console stored (a field without a row follows the environment). */
export async function loadComplianceOverrides(db: Database): Promise<Partial<ComplianceSettings>> {
  const rows = await db.select().from(siteSettings).where(inArray(siteSettings.key, Object.values(KEYS)));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const overrides: Partial<ComplianceSettings> = {};
  for (const field of ["icpNumber", "psbNumber", "genaiFiling"] as const) {
    const value = stored.get(KEYS[field]);
    if (value !== undefined) overrides[field] = value;
  }
  const phone = stored.get(KEYS.requirePhoneForAi);
  if (phone !== undefined) overrides.requirePhoneForAi = phone === "on";
  return overrides;
}

/** The settings in force: the console's overrides over the environment. */
export function loadComplianceSettings(db?: Database): Promise<ComplianceSettings> {
  if (cached && cached.expiresAt > Date.now()) return cached.value;
  // The read itself is cached, so the callers of one moment share it: a burst of chats after the
  // expiry (every chat asks, for the phone rule) made one read each.
  const entry = { value: readComplianceSettings(db), expiresAt: Date.now() + CACHE_MS };
  cached = entry;
  entry.value.catch(() => {
    if (cached === entry) cached = undefined;
  });
  return entry.value;
}

async function readComplianceSettings(db: Database | undefined): Promise<ComplianceSettings> {
  return { ...fromEnv(), ...(await loadComplianceOverrides(db ?? (await getDatabase()))) };
}

/** The footer's filings; the environment's when the database cannot answer (an error page still shows them). */
export async function loadSiteFilings(): Promise<SiteFilings> {
  try {
    const { icpNumber, psbNumber, genaiFiling } = await loadComplianceSettings();
    return { icpNumber, psbNumber, genaiFiling };
  } catch (error) {
    console.error("[compliance] site settings", error);
    const { icpNumber, psbNumber, genaiFiling } = fromEnv();
    return { icpNumber, psbNumber, genaiFiling };
  }
}

/** Stores the console's overrides (`null` removes one); answers the settings now in force. */
export async function saveComplianceSettings(db: Database, input: ComplianceSettingsInput, actorId: string): Promise<ComplianceSettings> {
  await db.transaction(async (tx) => {
    for (const field of Object.keys(KEYS) as (keyof typeof KEYS)[]) {
      const value = input[field];
      if (value === undefined) continue;
      if (value === null) {
        await tx.delete(siteSettings).where(inArray(siteSettings.key, [KEYS[field]]));
        continue;
      }
      const text = typeof value === "boolean" ? (value ? "on" : "off") : value;
      await tx
        .insert(siteSettings)
        .values({ key: KEYS[field], value: text, updatedBy: actorId })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: text, updatedBy: actorId, updatedAt: sql`now()` } });
    }
  });
  cached = undefined;
  return loadComplianceSettings(db);
}

/** The environment's values, for the console to show what a cleared field falls back to. */
export function complianceSettingsFromEnv(): ComplianceSettings {
  return fromEnv();
}

/** Tests: forget the cached settings. */
export function resetComplianceSettingsCache(): void {
  cached = undefined;
}
