import Link from "next/link";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { securityEventLabel, type SecurityEventView } from "@/features/auth";
import { adminCopy } from "../copy";
import { formatAdminDateTime } from "../format";

/** 账号安全事件 (auth.audit_log_entries), newest first; the account links to the user's page. */
export function SecurityEventsTable({ events }: { events: SecurityEventView[] }) {
  const copy = adminCopy.securityEvents;
  if (events.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{copy.empty}</p>;
  return (
    <Table aria-label={copy.title}>
      <TableHeader>
        <TableRow>
          <TableHead>{copy.columns.time}</TableHead>
          <TableHead>{copy.columns.account}</TableHead>
          <TableHead>{copy.columns.action}</TableHead>
          <TableHead>{copy.columns.details}</TableHead>
          <TableHead>{copy.columns.ip}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {events.map((event) => (
          <TableRow key={event.id}>
            <TableCell className="whitespace-nowrap">{formatAdminDateTime(event.createdAt)}</TableCell>
            <TableCell>
              <Link href={`/admin/users/${event.actorId}`} className="text-xs underline-offset-4 hover:underline" translate="no">
                {event.actorUsername || event.actorId.slice(0, 8)}
              </Link>
            </TableCell>
            <TableCell className="whitespace-nowrap">{securityEventLabel(event.action)}</TableCell>
            <TableCell className="max-w-80 text-xs break-all">
              <code translate="no">{event.traits ? JSON.stringify(event.traits) : "—"}</code>
            </TableCell>
            <TableCell className="text-xs" translate="no">
              {event.ip || "—"}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
