import type { ContentReport } from "@/lib/db";
import { reportsCopy } from "@/features/reports";
import { reportsAdminCopy as copy } from "../copy";
import { ReportActions } from "./report-actions";

const time = (date: Date) => date.toLocaleString("zh-CN", { timeZone: "Asia/Shanghai", hour12: false });

/** The queue: one row per report, its actions while it is open. */
export function ReportsTable({ rows }: { rows: ContentReport[] }) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{copy.empty}</p>;
  return (
    // Focusable so that a keyboard can scroll it (axe: scrollable-region-focusable).
    <div tabIndex={0} className="overflow-x-auto outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
      <table className="w-full text-sm">
        <thead className="text-left text-muted-foreground">
          <tr>
            {Object.values(copy.columns).map((label) => (
              <th key={label} className="px-2 py-1 font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t align-top" data-report-id={row.id}>
              <td className="whitespace-nowrap px-2 py-2">{time(row.createdAt)}</td>
              <td className="px-2 py-2">
                {copy.targets[row.target]}
                <div className="max-w-40 truncate font-mono text-xs text-muted-foreground" translate="no">{row.target === "share" ? `/share/${row.targetRef}` : row.targetRef}</div>
              </td>
              <td className="px-2 py-2">{reportsCopy.reasons[row.reason]}</td>
              {/* The reporter's note and the reported text: what people wrote, in whatever language. */}
              <td className="max-w-80 px-2 py-2" data-user-content>
                <p className="whitespace-pre-wrap break-words">{row.note}</p>
                {row.excerpt ? <p className="mt-1 line-clamp-3 text-xs text-muted-foreground">{row.excerpt}</p> : null}
                {row.reply ? <p className="mt-1 text-xs">回复：{row.reply}</p> : null}
              </td>
              <td className="px-2 py-2 text-xs">{row.reporterEmail ?? (row.reporterId ? row.reporterId : copy.anonymous)}</td>
              <td className="px-2 py-2">
                {row.status === "open" ? (
                  <ReportActions reportId={row.id} isShare={row.target === "share"} hasSubject={row.subjectUserId !== null} hasReporterEmail={row.reporterEmail !== null} />
                ) : (
                  <span className="text-muted-foreground">{copy.filters.closed}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
