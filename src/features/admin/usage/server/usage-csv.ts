import "server-only";
import type { Database } from "@/lib/db";
import { formatReportMonth, getUsageCsvRows, type ReportMonth } from "./usage-report";

/** A field as RFC 4180 wants it; a leading =, +, - or @ is neutralised so Excel never runs it as a formula. */
export function csvField(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** `GET /api/admin/usage.csv?month=`: UTF-8 with a BOM, so Excel opens the Chinese headers correctly. */
export async function usageCsvResponse(db: Database, month: ReportMonth): Promise<Response> {
  const rows = await getUsageCsvRows(db, month);
  const lines = [["日期", "应用 ID", "应用", "模型", "Token", "调用次数"], ...rows.map((row) => [row.day, row.appid, row.appName, row.model, row.tokens, row.calls])];
  const body = "\uFEFF" + lines.map((line) => line.map(csvField).join(",")).join("\r\n") + "\r\n";
  const name = `usage-${formatReportMonth(month)}.csv`;
  return new Response(body, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}"`, "Cache-Control": "private, no-store" },
  });
}
