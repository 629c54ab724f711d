import "server-only";
import type { User } from "@supabase/supabase-js";
import { and, eq, gt, ne } from "drizzle-orm";
import { invitations, payments, type Database } from "@/lib/db";
import { createSupabaseAdminClient } from "@/lib/supabase/admin";
import { DEVICE_ID_PATTERN } from "../cookie";
import { inviteCodeSchema } from "../schemas";
import { recordInvitation, settleInvitation, type InviteeFacts, type SettleOutcome } from "./invitations";

/** What the auth service and the payments say of the invited user. */
export async function inviteeFacts(db: Database, user: User): Promise<InviteeFacts> {
  const [paid] = await db.select({ id: payments.id }).from(payments).where(and(eq(payments.userId, user.id), gt(payments.amount, 0), ne(payments.reason, "refund"))).limit(1);
  return { confirmed: Boolean(user.email_confirmed_at || user.phone_confirmed_at), phone: user.phone && user.phone_confirmed_at ? user.phone : null, paid: Boolean(paid) };
}

/**
 * At sign-up (or a first OAuth sign-in): the invitation cookie's code, if any, becomes the new
 * account's invitation, settled at once when the trigger is already met. Never fails the sign-up:
 * an invitation is a bonus, so its errors are logged, not thrown.
 */
export async function claimInvitation(db: Database, user: User, cookieCode: string | undefined, visitor: { ip: string | null; deviceCookie?: string }, now = new Date()): Promise<void> {
  const code = inviteCodeSchema.safeParse(cookieCode ?? "");
  if (!code.success) return;
  try {
    // A device id the browser was given (DEVICE_COOKIE); anything else counts as none.
    const deviceId = visitor.deviceCookie && DEVICE_ID_PATTERN.test(visitor.deviceCookie) ? visitor.deviceCookie : null;
    const recorded = await recordInvitation(db, { id: user.id, createdAt: new Date(user.created_at), ip: visitor.ip, deviceId }, code.data, now);
    if (recorded === "recorded") await settleInvitation(db, user.id, await inviteeFacts(db, user), now);
  } catch (error) {
    console.warn("Invitation not recorded", error);
  }
}

/**
 * A pending invitation, settled when its trigger may just have been met: a phone verified (the
 * settings page calls `POST /api/invitations/settle`), a payment recorded (billing's
 * `afterPaymentRecorded`), and on each visit of the billing page as a fallback.
 */
export async function settlePendingInvitation(db: Database, userId: string, now = new Date()): Promise<SettleOutcome> {
  const [pending] = await db.select({ id: invitations.inviteeId }).from(invitations).where(and(eq(invitations.inviteeId, userId), eq(invitations.status, "pending"))).limit(1);
  if (!pending) return "none";
  try {
    const { data, error } = await (await createSupabaseAdminClient()).auth.admin.getUserById(userId);
    if (error || !data.user) return "waiting";
    return await settleInvitation(db, userId, await inviteeFacts(db, data.user), now);
  } catch (error) {
    console.warn("Invitation not settled", error);
    return "waiting";
  }
}
