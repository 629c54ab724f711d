import type { OutgoingMail } from "@/embedded/outbox";
import { billingCopy } from "../../copy";
import { formatBillingDate } from "../../format";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The renewal reminder mail (kind `renewal_reminder` in the outbox / SMTP send log). */
export function renewalReminderMail(input: { to: string; planName: string; periodEnd: Date; billingUrl: string }): OutgoingMail {
  // The same sentence as the dashboard banner.
  const sentence = billingCopy.billing.renewalReminder(input.planName, formatBillingDate(input.periodEnd));
  const subject = `【思维火花】${input.planName}即将到期`;
  const text = `${sentence}。\n\n前往续费：${input.billingUrl}\n\n不续费也没关系：到期后自动转为免费版，不会扣费。`;
  const html = `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;padding:24px;color:#111827">
<h2 style="margin:0 0 16px">${escapeHtml(subject)}</h2>
<p>${escapeHtml(sentence)}。</p>
<p style="margin:28px 0"><a href="${escapeHtml(input.billingUrl)}" style="background:#4f46e5;color:#fff;padding:12px 24px;border-radius:8px;text-decoration:none;font-weight:600">前往续费</a></p>
<p style="color:#6b7280;font-size:13px">不续费也没关系：到期后自动转为免费版，不会扣费。</p>
</div>`;
  return { to: input.to, subject, text, html, kind: "renewal_reminder", link: input.billingUrl };
}
