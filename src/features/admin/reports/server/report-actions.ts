import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { revokeShare } from "@/features/conversation-share/server";
import { closeReport, getReport } from "@/features/reports/server";
import { createOutbox } from "@/embedded/outbox";
import { ApiRouteError } from "@/lib/api";
import { conversationShares, type ContentReport, type Database } from "@/lib/db";
import { getEnv } from "@/lib/env";
import type { BanLength } from "../../types";
import { recordAdminAction } from "../../server/admin-audit";
import { setUserBan, type AdminActor } from "../../server/admin-user-actions";

/** 隐藏分享: the reported share link stops (the owner's own 停止分享, done by the operator), audited. */
export async function hideReportedShare(db: Database, actor: AdminActor, reportId: string): Promise<{ hidden: boolean }> {
  const report = await getReport(db, reportId);
  if (report.target !== "share") throw new ApiRouteError(400, "该举报不是分享链接");
  const [share] = await db
    .select({ id: conversationShares.id, userId: conversationShares.userId })
    .from(conversationShares)
    .where(and(eq(conversationShares.token, report.targetRef), isNull(conversationShares.revokedAt)));
  const hidden = share ? await revokeShare(db, share.userId, share.id) : false;
  if (hidden) await recordAdminAction(db, { actorId: actor.userId, action: "report.hide_share", targetUserId: share!.userId, before: { reportId }, after: { shareId: share!.id }, ip: actor.ip });
  return { hidden };
}

/** 封禁用户: the reported content's owner, through the console's own ban (sessions end, audited). */
export async function banReportedUser(db: Database, actor: AdminActor, reportId: string, length: BanLength) {
  const report = await getReport(db, reportId);
  if (!report.subjectUserId) throw new ApiRouteError(400, "无法确定被举报的用户");
  return setUserBan(db, actor, report.subjectUserId, length);
}

function replyMail(report: ContentReport, reply: string) {
  const text = `您好：\n\n您于 ${report.createdAt.toLocaleString("zh-CN", { timeZone: "Asia/Shanghai", hour12: false })} 提交的举报已处理。\n\n处理结果：${reply}\n\n感谢您的反馈。\n思维火花`;
  const html = text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\n/g, "<br>");
  return { to: report.reporterEmail!, subject: "您的举报已处理", text, html, kind: "report_reply" };
}

/** 回复并关闭: the reply is mailed to the reporter when their address is known; the report leaves the queue. */
export async function closeReportWithReply(db: Database, actor: AdminActor, reportId: string, reply: string | null): Promise<{ mailed: boolean }> {
  const report = await getReport(db, reportId);
  await closeReport(db, reportId, reply);
  let mailed = false;
  if (reply && report.reporterEmail) {
    const env = getEnv();
    await createOutbox({ db, smtpUrl: env.SMTP_URL, from: env.SMTP_FROM }).sendMail(replyMail(report, reply));
    mailed = true;
  }
  await recordAdminAction(db, { actorId: actor.userId, action: "report.close", targetUserId: report.subjectUserId, before: { reportId }, after: { reply, mailed }, ip: actor.ip });
  return { mailed };
}
