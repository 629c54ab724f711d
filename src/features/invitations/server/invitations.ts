import { randomBytes } from "node:crypto";
import { and, count, eq, gt, sql } from "drizzle-orm";
import { inviteCodes, invitations, type Database } from "@/lib/db";
import { postWalletEntry } from "@/features/wallet/server";
import type { InviteSettings } from "../schemas";
import { loadInviteSettings } from "./invite-settings";

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** An invitation must be claimed by an account this new: an old account cannot pick an inviter later. */
export const NEW_ACCOUNT_MS = 15 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The user's invitation code, made on first ask (8 characters: a link, not a secret). */
export async function inviteCodeFor(db: Database, userId: string, now = new Date()): Promise<string> {
  const [existing] = await db.select({ code: inviteCodes.code }).from(inviteCodes).where(eq(inviteCodes.userId, userId)).limit(1);
  if (existing) return existing.code;
  for (;;) {
    const code = Array.from(randomBytes(8), (byte) => ALPHABET[byte & 31]).join("");
    const [made] = await db.insert(inviteCodes).values({ userId, code, createdAt: now }).onConflictDoNothing().returning({ code: inviteCodes.code });
    if (made) return made.code;
    // Either this user's code was made meanwhile (read it) or the random code was taken (try again).
    const [raced] = await db.select({ code: inviteCodes.code }).from(inviteCodes).where(eq(inviteCodes.userId, userId)).limit(1);
    if (raced) return raced.code;
  }
}

export type NewAccount = { id: string; createdAt: Date; ip: string | null; deviceId?: string | null };
export type RecordOutcome = "recorded" | "unknown_code" | "self" | "already_invited" | "not_new";

/**
 * Records that `account` came through `code`'s link: only for an account made in the last
 * NEW_ACCOUNT_MS, never for the code's own owner, and only once per account (its first inviter stays).
 */
export async function recordInvitation(db: Database, account: NewAccount, code: string, now = new Date()): Promise<RecordOutcome> {
  const [owner] = await db.select({ userId: inviteCodes.userId }).from(inviteCodes).where(eq(inviteCodes.code, code)).limit(1);
  if (!owner) return "unknown_code";
  if (owner.userId === account.id) return "self";
  if (now.getTime() - account.createdAt.getTime() > NEW_ACCOUNT_MS) return "not_new";
  const [row] = await db
    .insert(invitations)
    .values({ inviteeId: account.id, inviterId: owner.userId, ip: account.ip, deviceId: account.deviceId ?? null, createdAt: now })
    .onConflictDoNothing()
    .returning({ inviteeId: invitations.inviteeId });
  return row ? "recorded" : "already_invited";
}

/** What is known of the invited user when settling: each trigger asks one of these. */
export type InviteeFacts = { confirmed: boolean; phone: string | null; paid: boolean };

export type SettleOutcome = "none" | "waiting" | "rewarded" | "refused";

function triggerMet(settings: InviteSettings, facts: InviteeFacts): boolean {
  if (settings.trigger === "phone") return facts.phone !== null;
  if (settings.trigger === "payment") return facts.paid;
  return facts.confirmed;
}

/**
 * Pays a pending invitation's rewards once the operator's trigger is met, unless a bound stops it:
 * the inviter's rewarded invitations in the last 24 hours, those from the sign-up's address, those from
 * its browser (the device cookie), and (phone trigger) a phone that already earned one. Under locks on
 * the inviter, the address and the device, so parallel
 * settlements count each other; the ledger's unique references make a repeat pay nothing.
 */
export async function settleInvitation(db: Database, inviteeId: string, facts: InviteeFacts, now = new Date()): Promise<SettleOutcome> {
  const settings = await loadInviteSettings(db);
  return db.transaction(async (tx) => {
    const [pending] = await tx.select().from(invitations).where(and(eq(invitations.inviteeId, inviteeId), eq(invitations.status, "pending"))).limit(1);
    if (!pending) return "none";
    if (!triggerMet(settings, facts)) return "waiting";
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invite:inviter:${pending.inviterId}`}, 0))`);
    if (pending.ip) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invite:ip:${pending.ip}`}, 0))`);
    if (pending.deviceId) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invite:device:${pending.deviceId}`}, 0))`);
    const phone = settings.trigger === "phone" ? facts.phone : null;
    const refuse = async (reason: string): Promise<SettleOutcome> => {
      const done = await tx.update(invitations).set({ status: "refused", reason, phone, settledAt: now }).where(and(eq(invitations.inviteeId, inviteeId), eq(invitations.status, "pending"))).returning({ id: invitations.inviteeId });
      return done.length ? "refused" : "none";
    };
    if (settings.inviterRewardFen === 0 && settings.inviteeRewardFen === 0) return refuse("off");
    const since = new Date(now.getTime() - DAY_MS);
    const rewarded = (extra: ReturnType<typeof eq>) => tx.select({ total: count() }).from(invitations).where(and(eq(invitations.status, "rewarded"), gt(invitations.settledAt, since), extra));
    const [byInviter] = await rewarded(eq(invitations.inviterId, pending.inviterId));
    if ((byInviter?.total ?? 0) >= settings.inviterDailyCap) return refuse("inviter_daily_cap");
    if (pending.ip) {
      const [byAddress] = await rewarded(eq(invitations.ip, pending.ip));
      if ((byAddress?.total ?? 0) >= settings.addressDailyCap) return refuse("address_limit");
    }
    if (pending.deviceId) {
      const [byDevice] = await rewarded(eq(invitations.deviceId, pending.deviceId));
      if ((byDevice?.total ?? 0) >= settings.deviceDailyCap) return refuse("device_limit");
    }
    if (phone) {
      const [used] = await tx.select({ total: count() }).from(invitations).where(and(eq(invitations.status, "rewarded"), eq(invitations.phone, phone)));
      if ((used?.total ?? 0) > 0) return refuse("phone_used");
    }
    const done = await tx
      .update(invitations)
      .set({ status: "rewarded", phone, settledAt: now, inviterRewardFen: settings.inviterRewardFen, inviteeRewardFen: settings.inviteeRewardFen })
      .where(and(eq(invitations.inviteeId, inviteeId), eq(invitations.status, "pending")))
      .returning({ id: invitations.inviteeId });
    if (!done.length) return "none";
    if (settings.inviterRewardFen > 0) {
      await postWalletEntry(tx, { userId: pending.inviterId, kind: "reward", amountFen: settings.inviterRewardFen, cause: "邀请奖励：好友已加入", reference: `invite:${inviteeId}:inviter`, now });
    }
    if (settings.inviteeRewardFen > 0) {
      await postWalletEntry(tx, { userId: inviteeId, kind: "reward", amountFen: settings.inviteeRewardFen, cause: "受邀奖励：通过好友邀请加入", reference: `invite:${inviteeId}:invitee`, now });
    }
    return "rewarded";
  });
}
