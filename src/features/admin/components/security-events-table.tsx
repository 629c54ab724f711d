import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { securityEventLabel, type SecurityEventView } from "@/features/auth";
import { securityTraitLines } from "../audit/security-traits";
import { adminCopy } from "../copy";
import { formatAdminDateTime } from "../format";
import { AccountLink } from "./account-link";
import { ChangeLines } from "./change-lines";

/** 账号安全事件 (auth.audit_log_entries), newest first; the account links to the user's page. Stacks on a phone like the audit table. */
export function SecurityEventsTable({ events }: { events: SecurityEventView[] }) {
  const copy = adminCopy.securityEvents;
  if (events.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{copy.empty}</p>;
  const stacked = "max-md:block max-md:border-0 max-md:px-0 max-md:py-1";
  return (
    <Table aria-label={copy.title} className="max-md:block">
      <TableHeader className="max-md:sr-only">
        <TableRow>
          <TableHead>{copy.columns.time}</TableHead>
          <TableHead>{copy.columns.account}</TableHead>
          <TableHead>{copy.columns.action}</TableHead>
          <TableHead>{copy.columns.details}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody className="max-md:block">
        {events.map((event) => (
          <TableRow key={event.id} className="align-top max-md:block max-md:py-3">
            <TableCell className={`whitespace-nowrap ${stacked}`}>
              {formatAdminDateTime(event.createdAt)}
              <span className="block text-xs text-muted-foreground">
                IP <span translate="no">{event.ip || "—"}</span>
              </span>
            </TableCell>
            <TableCell className={`max-w-64 ${stacked}`}>
              <AccountLink id={event.actorId} address={event.actorUsername || undefined} />
            </TableCell>
            <TableCell className={`whitespace-nowrap font-medium ${stacked}`}>{securityEventLabel(event.action)}</TableCell>
            <TableCell className={`min-w-0 max-w-md ${stacked}`}>
              <ChangeLines lines={securityTraitLines(event.traits)} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
