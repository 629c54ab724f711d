import Link from "next/link";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { adminCopy } from "../copy";
import { formatAdminDateTime } from "../format";
import type { AdminAuditView } from "../types";

/** `{"bannedUntil":null}` → `bannedUntil: null`, short enough for a table cell. */
function describe(value: Record<string, unknown> | null): string {
  if (!value) return "—";
  return Object.entries(value)
    .map(([key, item]) => `${key}: ${typeof item === "object" && item !== null ? JSON.stringify(item) : String(item)}`)
    .join(", ");
}

/** admin_audit_log, newest first. Actors and targets link to the user's page. */
export function AuditTable({ entries }: { entries: AdminAuditView[] }) {
  const copy = adminCopy.audit;
  if (entries.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{copy.empty}</p>;
  const userLink = (id: string) => (
    <Link href={`/admin/users/${id}`} className="font-mono text-xs underline-offset-4 hover:underline" translate="no">
      {id.slice(0, 8)}
    </Link>
  );
  return (
    <Table aria-label={copy.title}>
      <TableHeader>
        <TableRow>
          <TableHead>{copy.columns.time}</TableHead>
          <TableHead>{copy.columns.actor}</TableHead>
          <TableHead>{copy.columns.action}</TableHead>
          <TableHead>{copy.columns.target}</TableHead>
          <TableHead>{copy.columns.change}</TableHead>
          <TableHead>{copy.columns.ip}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell className="whitespace-nowrap">{formatAdminDateTime(entry.createdAt)}</TableCell>
            {/* The nil id is the site itself (an automatic action, e.g. a ban on repeated content-safety hits). */}
            <TableCell>{entry.actorId === "00000000-0000-0000-0000-000000000000" ? copy.systemActor : userLink(entry.actorId)}</TableCell>
            <TableCell className="whitespace-nowrap">{copy.actions[entry.action] ?? <code translate="no">{entry.action}</code>}</TableCell>
            <TableCell>{entry.targetUserId ? userLink(entry.targetUserId) : "—"}</TableCell>
            <TableCell className="max-w-80 text-xs break-all">
              <code translate="no">
                {describe(entry.before)} → {describe(entry.after)}
              </code>
            </TableCell>
            <TableCell className="text-xs" translate="no">
              {entry.ip ?? "—"}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
