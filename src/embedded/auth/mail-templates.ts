import type { MailKind } from "@/embedded/outbox/types";

interface MailContent {
  subject: string;
  heading: string;
  intro: string;
  action: string;
}

const CONTENT: Record<MailKind, MailContent> = {
  signup: {
    subject: "请确认您的注册邮箱",
    heading: "欢迎加入思维火花",
    intro: "感谢注册！请点击下方按钮确认您的邮箱地址，完成账号激活。",
    action: "确认邮箱",
  },
  magiclink: {
    subject: "您的登录链接",
    heading: "一键登录",
    intro: "点击下方按钮即可登录思维火花，无需输入密码。",
    action: "立即登录",
  },
  recovery: {
    subject: "重置您的密码",
    heading: "重置密码",
    intro: "我们收到了重置您账号密码的请求。点击下方按钮设置新密码。",
    action: "重置密码",
  },
  email_change: {
    subject: "请确认您的新邮箱地址",
    heading: "确认邮箱变更",
    intro: "您正在将账号邮箱更改为此地址。请点击下方按钮确认。",
    action: "确认新邮箱",
  },
  email_change_current: {
    subject: "请确认邮箱变更",
    heading: "确认邮箱变更",
    intro: "您的账号正在申请更换邮箱地址。如果这是您本人的操作，请点击下方按钮确认。",
    action: "确认变更",
  },
  invite: {
    subject: "您受邀加入思维火花",
    heading: "您收到了一份邀请",
    intro: "您已受邀创建思维火花账号。点击下方按钮接受邀请并完成设置。",
    action: "接受邀请",
  },
  reauthentication: {
    subject: "您的身份验证码",
    heading: "确认是您本人操作",
    intro: "您正在进行需要再次验证身份的操作，请在页面中输入下方验证码。",
    action: "",
  },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** A Chinese mail with the verification link (when there is one) and the code. */
export function renderMail(kind: MailKind, options: { link?: string; code: string; expiresInMinutes: number }): RenderedMail {
  const content = CONTENT[kind];
  const { link, code, expiresInMinutes } = options;
  const validity = `链接和验证码在 ${expiresInMinutes} 分钟内有效。如果这不是您本人的操作，请忽略此邮件，您的账号不会有任何变化。`;
  const button = link
    ? `<p style="margin:28px 0"><a href="${escapeHtml(link)}" style="background:#4f46e5;color:#fff;padding:12px 24px;border-radius:8px;text-decoration:none;font-weight:600">${content.action}</a></p>
<p style="color:#6b7280;font-size:13px">如果按钮无法点击，请复制以下链接到浏览器打开：<br><a href="${escapeHtml(link)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(link)}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${content.subject}</title></head>
<body style="margin:0;background:#f5f5f7;font-family:-apple-system,'PingFang SC','Microsoft YaHei',sans-serif;color:#111827">
<div style="max-width:520px;margin:32px auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${content.heading}</h1>
<p style="line-height:1.7">${content.intro}</p>
${button}
<p style="line-height:1.7">${link ? "或在页面中输入验证码：" : "验证码："}</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:700;margin:8px 0 24px">${escapeHtml(code)}</p>
<p style="color:#6b7280;font-size:13px;line-height:1.7">${validity}</p>
<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0">
<p style="color:#9ca3af;font-size:12px">思维火花 · 此邮件由系统自动发送，请勿直接回复。</p>
</div></body></html>`;
  const text = [
    content.heading,
    "",
    content.intro,
    ...(link ? ["", `${content.action}：${link}`] : []),
    "",
    `验证码：${code}`,
    "",
    validity,
    "",
    "—— 思维火花",
  ].join("\n");
  return { subject: `【思维火花】${content.subject}`, html, text };
}

/** SMS text for a code. */
export function renderSms(purpose: "sms" | "phone_change" | "reauthentication" | "mfa", code: string, minutes: number): string {
  const what = { sms: "登录/注册", phone_change: "更换手机号", reauthentication: "身份验证", mfa: "两步验证" }[purpose];
  return `【思维火花】您的${what}验证码是 ${code}，${minutes} 分钟内有效。请勿泄露给他人。`;
}
