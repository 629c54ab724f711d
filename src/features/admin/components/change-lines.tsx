import type { AuditChangeLine } from "../audit/audit-change";

/** An audit row's change, one field a line: 「封禁时长：7 天」, 「封禁至：无 → 2026-12-04 10:00」. The stored key on hover. */
export function ChangeLines({ lines }: { lines: AuditChangeLine[] }) {
  if (lines.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="grid gap-0.5 text-xs">
      {lines.map((line) => (
        <li key={line.key} className="break-words">
          {/* The stored key on hover is data, not copy: translate="no" (the page-language checks skip it). */}
          <span className="text-muted-foreground" title={line.key} translate="no">
            {line.label}：
          </span>
          {line.before !== null ? (
            <>
              <del className="text-muted-foreground" translate={line.raw ? "no" : undefined}>
                {line.before}
              </del>
              <span aria-hidden="true"> → </span>
              <span className="sr-only">改为</span>
            </>
          ) : null}
          <span translate={line.raw ? "no" : undefined}>{line.after}</span>
        </li>
      ))}
    </ul>
  );
}
