import { Link } from "@/components/link";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatTokens } from "@/features/billing";
import { formatAdminDateTime } from "../../format";
import { quotaCopy as copy } from "../copy";
import type { MonthGrantRow } from "../server/month-grants";

/** This month's grants of everyone, newest first; users link to their page. */
export function MonthGrantsTable({ grants }: { grants: MonthGrantRow[] }) {
  if (grants.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{copy.grantsEmpty}</p>;
  return (
    <Table aria-label={copy.grants}>
      <TableHeader>
        <TableRow>
          <TableHead>{copy.columns.time}</TableHead>
          <TableHead>{copy.columns.user}</TableHead>
          <TableHead className="text-right">{copy.columns.tokens}</TableHead>
          <TableHead>{copy.columns.reason}</TableHead>
          <TableHead>{copy.columns.admin}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {grants.map((grant) => (
          <TableRow key={grant.id}>
            <TableCell className="whitespace-nowrap">{formatAdminDateTime(grant.createdAt)}</TableCell>
            <TableCell>
              <Link href={`/admin/users/${grant.userId}`} className="underline-offset-4 hover:underline" translate="no">
                {grant.email ?? grant.userId.slice(0, 8)}
              </Link>
            </TableCell>
            <TableCell className="text-right tabular-nums">{grant.tokens > 0 ? `+${formatTokens(grant.tokens)}` : `−${formatTokens(-grant.tokens)}`}</TableCell>
            <TableCell className="max-w-xs break-words">{grant.reason}</TableCell>
            <TableCell translate="no">{grant.adminEmail ?? "—"}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
