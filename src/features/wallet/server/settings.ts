import { eq } from "drizzle-orm";
import { walletSettings, type Database } from "@/lib/db";
import type { PayAsYouGoSettings } from "../types";

/** The user's 按量付费 choice (off until they turn it on). */
export async function getPayAsYouGo(db: Database, userId: string): Promise<PayAsYouGoSettings> {
  const [row] = await db.select().from(walletSettings).where(eq(walletSettings.userId, userId)).limit(1);
  return { enabled: row?.payAsYouGo ?? false, monthlyCeilingFen: row?.monthlyCeilingFen == null ? null : Number(row.monthlyCeilingFen) };
}

export async function savePayAsYouGo(db: Database, userId: string, settings: PayAsYouGoSettings, now = new Date()): Promise<void> {
  const values = { payAsYouGo: settings.enabled, monthlyCeilingFen: settings.monthlyCeilingFen, updatedAt: now };
  await db.insert(walletSettings).values({ userId, ...values }).onConflictDoUpdate({ target: walletSettings.userId, set: values });
}
