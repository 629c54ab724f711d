import { count, desc } from "drizzle-orm";
import { invitations, type Database, type InvitationRow } from "@/lib/db";

export const INVITATIONS_PER_PAGE = 50;

/** The console's list of invitations, newest first. */
export async function listInvitations(db: Database, page: number): Promise<{ invitations: InvitationRow[]; total: number; page: number; perPage: number }> {
  const rows = await db.select().from(invitations).orderBy(desc(invitations.createdAt)).limit(INVITATIONS_PER_PAGE).offset((page - 1) * INVITATIONS_PER_PAGE);
  const [total] = await db.select({ total: count() }).from(invitations);
  return { invitations: rows, total: total?.total ?? 0, page, perPage: INVITATIONS_PER_PAGE };
}
