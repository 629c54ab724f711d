import { SYSTEM_ACTOR_ID } from "@/lib/db/schema/admin-audit";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { auditChangeLines } from "../audit/audit-change";
import { adminCopy } from "../copy";
import { formatAdminDateTime } from "../format";
import type { AdminAuditView } from "../types";
import { AccountLink } from "./account-link";
import { ChangeLines } from "./change-lines";

/**
 * admin_audit_log, newest first: who (their address, linking to their page), what in words, and the
 * change as lines 字段：旧 → 新. Four columns (the IP under the time) fit 1280 px; on a phone each row
 * stacks into a card (the table keeps its roles for screen readers).
 */
export function AuditTable({ entries, accounts }: { entries: AdminAuditView[]; accounts: Record<string, string> }) {
  const copy = adminCopy.audit;
  if (entries.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{copy.empty}</p>;
  const stacked = "max-md:block max-md:border-0 max-md:px-0 max-md:py-1";
  return (
    <Table aria-label={copy.title} className="max-md:block">
      <TableHeader className="max-md:sr-only">
        <TableRow>
          <TableHead>{copy.columns.time}</TableHead>
          <TableHead>{copy.columns.actor}</TableHead>
          <TableHead>{copy.columns.action}</TableHead>
          <TableHead>{copy.columns.change}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody className="max-md:block">
        {entries.map((entry) => (
          <TableRow key={entry.id} className="align-top max-md:block max-md:py-3">
            <TableCell className={`whitespace-nowrap ${stacked}`}>
              {formatAdminDateTime(entry.createdAt)}
              <span className="block text-xs text-muted-foreground">
                IP <span translate="no">{entry.ip ?? "—"}</span>
              </span>
            </TableCell>
            <TableCell className={`max-w-64 ${stacked}`}>
              {entry.actorId === SYSTEM_ACTOR_ID ? copy.systemActor : <AccountLink id={entry.actorId} address={accounts[entry.actorId]} />}
              {entry.targetUserId ? (
                <span className="block text-xs text-muted-foreground">
                  {copy.onUser}
                  <AccountLink id={entry.targetUserId} address={accounts[entry.targetUserId]} />
                </span>
              ) : null}
            </TableCell>
            <TableCell className={`whitespace-nowrap font-medium ${stacked}`}>{copy.actions[entry.action] ?? <code translate="no">{entry.action}</code>}</TableCell>
            <TableCell className={`min-w-0 max-w-md ${stacked}`}>
              <ChangeLines lines={auditChangeLines(entry.before, entry.after)} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
