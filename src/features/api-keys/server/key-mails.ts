import type { OutgoingMail } from "@/embedded/outbox";
import { formatBillingDate } from "@/features/billing";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function mail(input: { to: string; kind: string; subject: string; lines: string[]; link: string; action: string }): OutgoingMail {
  const text = `${input.lines.join("\n\n")}\n\n${input.action}：${input.link}`;
  const html = `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;padding:24px;color:#111827">
<h2 style="margin:0 0 16px">${escapeHtml(input.subject)}</h2>
${input.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
<p style="margin:28px 0"><a href="${escapeHtml(input.link)}" style="background:#4f46e5;color:#fff;padding:12px 24px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(input.action)}</a></p>
</div>`;
  return { to: input.to, subject: input.subject, text, html, kind: input.kind, link: input.link };
}

/** A key expires within 7 days (kind `api_key_expiry`). */
export function keyExpiryMail(input: { to: string; keyName: string; prefix: string; expiresAt: Date; keysUrl: string }): OutgoingMail {
  return mail({
    to: input.to,
    kind: "api_key_expiry",
    subject: `【思维火花】API 密钥「${input.keyName}」即将过期`,
    lines: [
      `您的 API 密钥「${input.keyName}」（${input.prefix}…）将于 ${formatBillingDate(input.expiresAt)} 过期，过期后使用它的程序会无法调用。`,
      "如果仍需使用，请创建一个新密钥并替换到程序中；不再需要就不用理会这封邮件。",
    ],
    link: input.keysUrl,
    action: "管理 API 密钥",
  });
}

/** A key was used from a network it had not been used from (kind `api_key_new_network`). */
export function keyNewNetworkMail(input: { to: string; keyName: string; prefix: string; network: string; address: string; at: Date; keysUrl: string }): OutgoingMail {
  return mail({
    to: input.to,
    kind: "api_key_new_network",
    subject: `【思维火花】API 密钥「${input.keyName}」在新的网络中被使用`,
    lines: [
      `您的 API 密钥「${input.keyName}」（${input.prefix}…）于 ${input.at.toISOString().replace("T", " ").slice(0, 16)}（UTC）首次从网络 ${input.network} 调用（地址 ${input.address}）。`,
      "如果这是您自己的程序或服务器，无需处理。如果不是，请立即撤销这个密钥，并可为新密钥设置 IP 白名单。",
    ],
    link: input.keysUrl,
    action: "查看 API 密钥",
  });
}
