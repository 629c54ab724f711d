import "server-only";
import { and, count, desc, eq, isNull, type SQL } from "drizzle-orm";
import { ApiRouteError } from "@/lib/api";
import { contentReports, conversationShares, type ContentReport, type Database } from "@/lib/db";
import { appRateLimitStore } from "@/lib/rate-limit";
import type { ReportInput } from "../schemas";

/** Per visitor (signed-in user, else IP) an hour: enough for a person, not for a flood of the queue. */
export const REPORTS_PER_HOUR = 10;
export const REPORTS_PER_PAGE = 50;

export type Reporter = { userId: string | null; email: string | null; ip: string | null };

/**
 * The user whose content is reported: a share's owner. An answer is the AI's, shown in the reporter's
 * own conversation — nobody to ban for it (the console offers no 封禁 without a subject).
 */
async function subjectOf(db: Database, input: ReportInput): Promise<string | null> {
  if (input.target === "answer") return null;
  const [share] = await db
    .select({ userId: conversationShares.userId })
    .from(conversationShares)
    .where(and(eq(conversationShares.token, input.targetRef), isNull(conversationShares.revokedAt)));
  if (!share) throw new ApiRouteError(404, "分享链接不存在或已失效");
  return share.userId;
}

/** Stores a 举报 in the operators' queue, within the visitor's rate limit. */
export async function createReport(db: Database, input: ReportInput, reporter: Reporter): Promise<{ id: string }> {
  if (input.target === "answer" && !reporter.userId) throw new ApiRouteError(401, "请先登录");
  const visitor = reporter.userId ?? `ip:${reporter.ip ?? "unknown"}`;
  const [reports = 0] = await appRateLimitStore(db).increment([`content-report:${visitor}`], 3_600_000);
  if (reports > REPORTS_PER_HOUR) throw new ApiRouteError(429, "举报太频繁，请稍后再试");
  const subjectUserId = await subjectOf(db, input);
  const [row] = await db
    .insert(contentReports)
    .values({
      target: input.target,
      targetRef: input.targetRef,
      subjectUserId,
      reason: input.reason,
      note: input.note,
      excerpt: input.excerpt.slice(0, 500),
      reporterId: reporter.userId,
      reporterEmail: input.email ?? reporter.email,
    })
    .returning({ id: contentReports.id });
  return { id: row!.id };
}

export type ReportStatusFilter = "open" | "closed" | "all";
export const parseReportStatus = (value: string | null): ReportStatusFilter => (value === "closed" || value === "all" ? value : "open");

export type ReportPage = { rows: ContentReport[]; total: number; page: number; perPage: number };

/** The operators' queue, oldest open first (answer in order), or newest first for closed / all. */
export async function listReports(db: Database, filter: { status: ReportStatusFilter; page: number }): Promise<ReportPage> {
  const where: SQL | undefined = filter.status === "all" ? undefined : eq(contentReports.status, filter.status);
  const order = filter.status === "open" ? contentReports.createdAt : desc(contentReports.createdAt);
  const [rows, [counted]] = await Promise.all([
    db.select().from(contentReports).where(where).orderBy(order).limit(REPORTS_PER_PAGE).offset((filter.page - 1) * REPORTS_PER_PAGE),
    db.select({ total: count() }).from(contentReports).where(where),
  ]);
  return { rows, total: Number(counted?.total ?? 0), page: filter.page, perPage: REPORTS_PER_PAGE };
}

export async function getReport(db: Database, id: string): Promise<ContentReport> {
  const [row] = /^[0-9a-f-]{36}$/i.test(id) ? await db.select().from(contentReports).where(eq(contentReports.id, id)) : [];
  if (!row) throw new ApiRouteError(404, "举报不存在");
  return row;
}

export async function closeReport(db: Database, id: string, reply: string | null): Promise<ContentReport> {
  const [row] = await db.update(contentReports).set({ status: "closed", reply, closedAt: new Date() }).where(eq(contentReports.id, id)).returning();
  if (!row) throw new ApiRouteError(404, "举报不存在");
  return row;
}
