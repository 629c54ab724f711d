import { inArray } from "drizzle-orm";
import { siteSettings, type Database } from "@/lib/db";
import { DEFAULT_INVITE_SETTINGS, inviteSettingsBody, type InviteSettings } from "../schemas";

// Kept in site_settings (one row a key, like 站点设置): no environment variable, 0 = off until the operator sets them.
const KEYS: Record<keyof InviteSettings, string> = {
  inviterRewardFen: "invite.inviter_reward_fen",
  inviteeRewardFen: "invite.invitee_reward_fen",
  trigger: "invite.trigger",
  inviterDailyCap: "invite.inviter_daily_cap",
  addressDailyCap: "invite.address_daily_cap",
  deviceDailyCap: "invite.device_daily_cap",
};

/** The settings in force (read at each settlement: a change applies to the next one). */
export async function loadInviteSettings(db: Database): Promise<InviteSettings> {
  const rows = await db.select().from(siteSettings).where(inArray(siteSettings.key, Object.values(KEYS)));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const raw = Object.fromEntries(
    (Object.keys(KEYS) as (keyof InviteSettings)[]).map((field) => {
      const value = stored.get(KEYS[field]);
      if (value === undefined) return [field, DEFAULT_INVITE_SETTINGS[field]];
      return [field, field === "trigger" ? value : Number(value)];
    }),
  );
  const parsed = inviteSettingsBody.safeParse(raw);
  return parsed.success ? parsed.data : DEFAULT_INVITE_SETTINGS;
}

export async function saveInviteSettings(db: Database, settings: InviteSettings, actorId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    for (const field of Object.keys(KEYS) as (keyof InviteSettings)[]) {
      const values = { value: String(settings[field]), updatedBy: actorId, updatedAt: now };
      await tx.insert(siteSettings).values({ key: KEYS[field], ...values }).onConflictDoUpdate({ target: siteSettings.key, set: values });
    }
  });
}
