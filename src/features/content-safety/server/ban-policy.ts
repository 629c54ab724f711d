import { inArray, sql } from "drizzle-orm";
import { siteSettings } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { z } from "@/lib/zod";

/** Repeated hits → a ban: `hits` hits within `windowMinutes` ban the user for `banMinutes` (0 hits: off). */
export interface BanPolicy {
  hits: number;
  windowMinutes: number;
  banMinutes: number;
}

/** The console's form: `null` returns a field to its environment variable. */
export const banPolicyBody = z
  .object({
    hits: z.number({ message: "次数必须是数字" }).int("次数必须是整数").min(0, "次数不能为负").max(1000, "次数最多 1000").nullable(),
    windowMinutes: z.number({ message: "时间窗口必须是分钟数" }).int("时间窗口必须是整数分钟").min(1, "时间窗口至少 1 分钟").max(43_200, "时间窗口最多 30 天").nullable(),
    banMinutes: z.number({ message: "封禁时长必须是分钟数" }).int("封禁时长必须是整数分钟").min(1, "封禁时长至少 1 分钟").max(525_600, "封禁时长最多 365 天").nullable(),
  })
  .partial()
  .strict();
export type BanPolicyInput = z.infer<typeof banPolicyBody>;

// Rows of `site_settings` (the console's overrides, one a key), beside the compliance settings' keys.
const KEYS = { hits: "moderation.ban_hits", windowMinutes: "moderation.ban_window_minutes", banMinutes: "moderation.ban_minutes" } as const;
const FIELDS = Object.keys(KEYS) as (keyof BanPolicy)[];

/** What the console stored (a field without a row follows the environment). */
export async function loadBanPolicyOverrides(db: Database): Promise<Partial<BanPolicy>> {
  const rows = await db.select().from(siteSettings).where(inArray(siteSettings.key, Object.values(KEYS)));
  const stored = new Map(rows.map((row) => [row.key, Number(row.value)]));
  const overrides: Partial<BanPolicy> = {};
  for (const field of FIELDS) {
    const value = stored.get(KEYS[field]);
    if (value !== undefined && Number.isInteger(value)) overrides[field] = value;
  }
  return overrides;
}

/** Stores the console's overrides (`null` removes one). */
export async function saveBanPolicy(db: Database, input: BanPolicyInput, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    for (const field of FIELDS) {
      const value = input[field];
      if (value === undefined) continue;
      if (value === null) {
        await tx.delete(siteSettings).where(inArray(siteSettings.key, [KEYS[field]]));
        continue;
      }
      await tx
        .insert(siteSettings)
        .values({ key: KEYS[field], value: String(value), updatedBy: actorId })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: String(value), updatedBy: actorId, updatedAt: sql`now()` } });
    }
  });
}
