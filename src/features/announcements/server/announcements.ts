import "server-only";
import { and, desc, eq, gt, isNull, lte, notExists, or } from "drizzle-orm";
import { ApiRouteError } from "@/lib/api";
import { announcementDismissals, announcements, type Database } from "@/lib/db";
import type { AdminAnnouncementView, AnnouncementBody, AnnouncementView } from "../types";

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const adminView = (row: typeof announcements.$inferSelect): AdminAnnouncementView => ({
  id: row.id,
  text: row.text,
  link: row.link,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt?.toISOString() ?? null,
  audiencePlanId: row.audiencePlanId,
  createdAt: row.createdAt.toISOString(),
});

/** Posts one; the caller (the console) checks the plan exists and audits. */
export async function createAnnouncement(db: Database, body: AnnouncementBody, createdBy: string, now = new Date()): Promise<AdminAnnouncementView> {
  const [row] = await db
    .insert(announcements)
    .values({
      text: body.text,
      link: body.link || null,
      startsAt: body.startsAt ? new Date(body.startsAt) : now,
      endsAt: body.endsAt ? new Date(body.endsAt) : null,
      audiencePlanId: body.audiencePlanId ?? null,
      createdBy,
      createdAt: now,
    })
    .returning();
  return adminView(row!);
}

/** Every announcement, newest first (the console's list; operators post a handful). */
export async function listAnnouncements(db: Database, limit = 100): Promise<AdminAnnouncementView[]> {
  const rows = await db.select().from(announcements).orderBy(desc(announcements.createdAt), desc(announcements.id)).limit(limit);
  return rows.map(adminView);
}

/** Deletes one (its dismissals go with it); answers what was deleted, for the audit row. */
export async function deleteAnnouncement(db: Database, id: string): Promise<AdminAnnouncementView> {
  if (!ID.test(id)) throw new ApiRouteError(404, "公告不存在");
  const [row] = await db.delete(announcements).where(eq(announcements.id, id)).returning();
  if (!row) throw new ApiRouteError(404, "公告不存在");
  return adminView(row);
}

/**
 * The announcement the user's dashboard shows: the newest one running now for everyone or for their
 * plan that they have not dismissed (one at a time, so a dismissal reveals the next).
 */
export async function currentAnnouncement(db: Database, userId: string, planId: string, now = new Date()): Promise<AnnouncementView | null> {
  const [row] = await db
    .select({ id: announcements.id, text: announcements.text, link: announcements.link })
    .from(announcements)
    .where(
      and(
        lte(announcements.startsAt, now),
        or(isNull(announcements.endsAt), gt(announcements.endsAt, now)),
        or(isNull(announcements.audiencePlanId), eq(announcements.audiencePlanId, planId)),
        notExists(
          db
            .select({ one: announcementDismissals.userId })
            .from(announcementDismissals)
            .where(and(eq(announcementDismissals.announcementId, announcements.id), eq(announcementDismissals.userId, userId))),
        ),
      ),
    )
    .orderBy(desc(announcements.startsAt), desc(announcements.id))
    .limit(1);
  return row ?? null;
}

/** The user closed it: never shown to them again (idempotent). 404 for an unknown id. */
export async function dismissAnnouncement(db: Database, userId: string, id: string, now = new Date()): Promise<void> {
  if (!ID.test(id)) throw new ApiRouteError(404, "公告不存在");
  const [found] = await db.select({ id: announcements.id }).from(announcements).where(eq(announcements.id, id));
  if (!found) throw new ApiRouteError(404, "公告不存在");
  await db.insert(announcementDismissals).values({ announcementId: id, userId, dismissedAt: now }).onConflictDoNothing();
}
