import type { Database } from "@/lib/db";
import type { CallLogFilters } from "../filters";
import type { CallLogEntry } from "../types";
import { listCallLogs } from "./call-log-queries";

const HEADER = ["时间", "API 密钥", "接口", "应用 / 模型", "状态", "错误代码", "输入 Token", "输出 Token", "计费 Token", "费用（元）", "耗时（毫秒）", "请求 ID"];
const PAGE = 1000;
/** The most rows one export holds (LOG_RETENTION_DAYS of a busy key can be many). */
export const MAX_EXPORT_ROWS = 100_000;

/** A CSV field: quoted when needed, and a leading = + - @ neutralised so a spreadsheet never runs it. */
function field(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const chinaTime = (iso: string) => new Date(iso).toLocaleString("sv-SE", { timeZone: "Asia/Shanghai" });
const yuan = (fen: number | null) => (fen === null ? null : (fen / 100).toFixed(2));

function line(entry: CallLogEntry): string {
  return [
    chinaTime(entry.createdAt),
    entry.keyName ? `${entry.keyName}（${entry.keyPrefix}）` : "（已删除的密钥）",
    entry.endpoint,
    entry.model ?? "",
    entry.status,
    entry.errorCode,
    entry.promptTokens,
    entry.completionTokens,
    entry.totalTokens,
    yuan(entry.costFen),
    entry.durationMs,
    entry.requestId,
  ]
    .map(field)
    .join(",");
}

/**
 * The user's calls matching `filters` as CSV (UTF-8 with BOM, so Excel reads the Chinese headers),
 * newest first, streamed a page at a time: a long export never sits whole in memory.
 */
export function callLogsCsvStream(db: Database, userId: string, filters: CallLogFilters): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let before: { createdAt: Date; id: string } | undefined;
  let sent = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${HEADER.join(",")}\r\n`));
        return;
      }
      const page = await listCallLogs(db, userId, filters, { limit: Math.min(PAGE, MAX_EXPORT_ROWS - sent), before });
      if (page.length > 0) controller.enqueue(encoder.encode(page.map((entry) => `${line(entry)}\r\n`).join("")));
      sent += page.length;
      const last = page.at(-1);
      if (!last || page.length < PAGE || sent >= MAX_EXPORT_ROWS) return controller.close();
      before = { createdAt: new Date(last.createdAt), id: last.id };
    },
  });
}
