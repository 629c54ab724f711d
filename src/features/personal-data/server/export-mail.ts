import type { OutgoingMail } from "@/embedded/outbox";

const chinaTime = (date: Date) => date.toLocaleString("zh-CN", { timeZone: "Asia/Shanghai", hour12: false });
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/** 下载我的数据 is ready: the signed link, and until when it works. */
export function exportReadyMail(to: string, link: string, expiresAt: Date): OutgoingMail {
  const until = chinaTime(expiresAt);
  const text = `您申请的个人数据副本已打包完成。\n\n下载链接（请登录后打开，${until} 前有效，仅限您本人使用）：\n${link}\n\n如果这不是您本人的操作，请尽快修改密码。`;
  const html = `<p>您申请的个人数据副本已打包完成。</p><p><a href="${escape(link)}">下载我的数据</a></p><p>请登录后打开，${escape(until)} 前有效，仅限您本人使用。</p><p>如果这不是您本人的操作，请尽快修改密码。</p>`;
  return { to, subject: "您的个人数据副本已打包完成", text, html, kind: "personal_data_export", link };
}
