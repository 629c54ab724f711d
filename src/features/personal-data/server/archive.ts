import { strToU8, zipSync } from "fflate";
import { INVITATION_REFUSAL_LABELS, INVITATION_STATUS_LABELS } from "@/features/invitations";
import type { InvitationStatus } from "@/lib/db/schema/invitations";
import type { PersonalData } from "./collect";

// The ZIP of 下载我的数据: `data.json` for tools, one Markdown file per part for reading. fflate
// builds it in memory; the synchronous path serves accounts under the size threshold only.

const localTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString("zh-CN", { timeZone: "Asia/Shanghai", hour12: false }) : "—");
/** Markdown punctuation escaped so a title like `[x](javascript:…)` stays text. */
const line = (text: string) => text.replace(/[\r\n]+/g, " ").replace(/[\\`*_{}[\]()<>#!|~]/g, "\\$&");
const fenced = (text: string) => `\`\`\`\`text\n${text.replace(/````/g, "` ` ` `")}\n\`\`\`\``;

function conversationsMarkdown(data: PersonalData): string {
  const parts = ["# 对话记录", "", "> 回答内容由 AI 生成。", ""];
  for (const conversation of data.conversations) {
    parts.push(`## ${line(conversation.name || "未命名对话")}`, "", `- 应用：${line(conversation.appName)}`, `- 消息数：${conversation.messages.length}`, "");
    conversation.messages.forEach((message, index) => {
      parts.push(`### 问题 ${index + 1}（${localTime(message.createdAt)}）`, "", fenced(message.query), "", "### 回答（内容由 AI 生成）", "", fenced(message.answer), "");
    });
  }
  if (data.conversations.length === 0) parts.push("（没有对话）");
  return `${parts.join("\n").trimEnd()}\n`;
}

function notesMarkdown(data: PersonalData): string {
  const parts = ["# 笔记", ""];
  for (const note of data.notes) parts.push(`## ${line(note.title)}`, "", `创建：${localTime(note.createdAt)}　更新：${localTime(note.updatedAt)}`, "", fenced(note.body), "");
  if (data.notes.length === 0) parts.push("（没有笔记）");
  return `${parts.join("\n").trimEnd()}\n`;
}

function table(headers: string[], rows: (string | number | null)[][]): string {
  if (rows.length === 0) return "（无）";
  const cell = (value: string | number | null) => line(value === null ? "—" : String(value));
  return [`| ${headers.join(" | ")} |`, `| ${headers.map(() => "---").join(" | ")} |`, ...rows.map((row) => `| ${row.map(cell).join(" | ")} |`)].join("\n");
}

const invitationStatus = (status: string) => INVITATION_STATUS_LABELS[status as InvitationStatus] ?? status;
const refusalReason = (reason: string | null) => (reason ? (INVITATION_REFUSAL_LABELS[reason] ?? reason) : null);

function accountMarkdown(data: PersonalData): string {
  const { profile } = data;
  return [
    "# 账户资料",
    "",
    `- 用户 ID：${profile.id}`,
    `- 邮箱：${profile.email ?? "—"}`,
    `- 手机号：${profile.phone ?? "—"}`,
    `- 昵称：${line(profile.displayName ?? "—")}`,
    `- 注册时间：${localTime(profile.createdAt)}`,
    `- 导出时间：${localTime(data.exportedAt)}`,
    "",
    "## 登录会话",
    "",
    table(["时间", "IP", "设备"], data.signIns.sessions.map((row) => [localTime(row.createdAt), row.ip, row.userAgent])),
    "",
    "## 账号安全记录",
    "",
    table(["时间", "事件", "IP"], data.signIns.securityEvents.map((row) => [localTime(row.createdAt), row.action, row.ip])),
    "",
    "## 文件列表（不含文件内容）",
    "",
    table(["名称", "大小（字节）", "上传时间"], data.files.map((row) => [row.name, row.size, localTime(row.createdAt)])),
    "",
    "## API 密钥（仅名称，不含密钥）",
    "",
    table(
      ["名称", "前缀", "IP 白名单", "每分钟请求上限", "使用过的网络", "到期时间", "创建时间", "吊销时间"],
      data.apiKeys.map((row) => [
        row.name,
        row.prefix,
        row.allowedIps?.join("、") ?? "不限",
        row.requestsPerMinute ?? "套餐上限",
        row.seenNetworks.join("、") || "—",
        localTime(row.expiresAt),
        localTime(row.createdAt),
        localTime(row.revokedAt),
      ]),
    ),
    "",
    "## API 调用日志（不含消息内容）",
    "",
    table(
      ["时间", "接口", "模型", "状态", "错误", "耗时（毫秒）", "请求 ID"],
      data.apiCallLogs.map((row) => [localTime(row.createdAt), row.endpoint, row.model, row.status, row.errorCode, row.durationMs, row.requestId]),
    ),
    "",
    "## 邀请",
    "",
    `- 我的邀请码：${data.invitations.code ?? "—"}`,
    `- 我是否受邀注册：${data.invitations.invitedBy ? `是（${invitationStatus(data.invitations.invitedBy.status)}，奖励 ${data.invitations.invitedBy.rewardFen} 分）` : "否"}`,
    "",
    table(["邀请时间", "状态", "原因", "我的奖励（分）"], data.invitations.invited.map((row) => [localTime(row.createdAt), invitationStatus(row.status), refusalReason(row.reason), row.rewardFen])),
    "",
    "## 订单",
    "",
    table(["订单号", "套餐", "金额（分）", "状态", "时间"], data.orders.map((row) => [row.id, row.planId, row.amount, row.status, localTime(row.createdAt)])),
    "",
    "## 发票申请",
    "",
    table(["订单号", "抬头", "税号", "状态", "发票号"], data.invoices.map((row) => [row.orderId, row.title, row.taxNumber, row.status, row.invoiceNumber])),
    "",
    "## 余额明细",
    "",
    table(["时间", "类型", "金额（分）", "余额（分）", "说明"], data.walletLedger.map((row) => [localTime(row.createdAt), row.kind, row.amountFen, row.balanceAfterFen, row.cause])),
    "",
  ].join("\n");
}

/** The archive's bytes. Every text file is UTF-8; the JSON holds everything the Markdown shows. */
export function buildPersonalDataZip(data: PersonalData): Uint8Array {
  return zipSync(
    {
      "README.md": strToU8("# 思维火花 · 我的数据\n\n- data.json：全部数据（机器可读）\n- account.md：账户、登录记录、文件列表、API 密钥与调用日志、邀请、订单与发票、余额明细\n- conversations.md：对话记录（回答内容由 AI 生成）\n- notes.md：笔记\n"),
      "data.json": strToU8(`${JSON.stringify(data, null, 2)}\n`),
      "account.md": strToU8(accountMarkdown(data)),
      "conversations.md": strToU8(conversationsMarkdown(data)),
      "notes.md": strToU8(notesMarkdown(data)),
    },
    { level: 6, mtime: new Date(data.exportedAt) },
  );
}

export function personalDataFileName(now: Date): string {
  return `思维火花-我的数据-${now.toISOString().slice(0, 10)}.zip`;
}
