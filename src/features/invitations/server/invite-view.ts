import { desc, eq } from "drizzle-orm";
import { invitations, type Database } from "@/lib/db";
import type { InviteView } from "../types";
import { inviteCodeFor } from "./invitations";
import { loadInviteSettings } from "./invite-settings";

/** The user's link, the rewards in force, and the people they invited (newest first, at most `limit`). */
export async function getInviteView(db: Database, userId: string, limit = 50): Promise<InviteView> {
  const [code, settings, rows] = [await inviteCodeFor(db, userId), await loadInviteSettings(db), await db.select().from(invitations).where(eq(invitations.inviterId, userId)).orderBy(desc(invitations.createdAt)).limit(limit)];
  const invited = rows.map((row) => ({ createdAt: row.createdAt.toISOString(), status: row.status, rewardFen: row.status === "rewarded" ? row.inviterRewardFen : 0 }));
  return { path: `/invite/${code}`, inviterRewardFen: settings.inviterRewardFen, inviteeRewardFen: settings.inviteeRewardFen, earnedFen: invited.reduce((sum, friend) => sum + friend.rewardFen, 0), invited };
}
