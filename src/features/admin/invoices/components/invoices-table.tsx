import { Link } from "@/components/link";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatAmountFen } from "@/features/billing";
import { formatAdminDateTime } from "../../format";
import { invoicesCopy as copy } from "../copy";
import type { AdminInvoiceRow } from "../server/invoice-queue";
import { IssueInvoiceButton } from "./issue-invoice-button";

/** Invoice requests with everything needed to issue one; 待开具 rows carry 标记已开具. */
export function InvoicesTable({ rows }: { rows: AdminInvoiceRow[] }) {
  if (rows.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{copy.empty}</p>;
  const columns = copy.columns;
  return (
    <Table aria-label={copy.title}>
      <TableHeader>
        <TableRow>
          <TableHead>{columns.requested}</TableHead>
          <TableHead>{columns.user}</TableHead>
          <TableHead>{columns.order}</TableHead>
          <TableHead className="text-right">{columns.amount}</TableHead>
          <TableHead>{columns.title}</TableHead>
          <TableHead>{columns.taxNumber}</TableHead>
          <TableHead>{columns.email}</TableHead>
          <TableHead>{columns.status}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => {
          const amount = formatAmountFen(row.amount, row.currency);
          return (
            <TableRow key={row.id} data-invoice-id={row.id}>
              <TableCell className="whitespace-nowrap">{formatAdminDateTime(row.createdAt)}</TableCell>
              <TableCell>
                <Link href={`/admin/users/${row.userId}`} className="underline-offset-4 hover:underline" translate="no">
                  {row.email ?? row.userId.slice(0, 8)}
                </Link>
              </TableCell>
              <TableCell className="font-mono text-xs" translate="no">
                {row.orderNumber}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {amount}
                {row.refunded >= row.amount && row.amount > 0 ? (
                  <Badge variant="destructive" className="ml-1 block w-fit">
                    {copy.refundedBadge}
                  </Badge>
                ) : null}
              </TableCell>
              <TableCell className="max-w-xs break-words">
                <Badge variant="outline" className="mr-1">
                  {copy.titleTypes[row.titleType]}
                </Badge>
                {row.title}
              </TableCell>
              <TableCell className="font-mono text-xs" translate="no">
                {row.taxNumber ?? "—"}
              </TableCell>
              <TableCell translate="no">{row.invoiceEmail}</TableCell>
              <TableCell>
                {row.status === "issued" ? (
                  <span className="grid gap-1">
                    <Badge variant="secondary">{copy.status.issued}</Badge>
                    <span className="text-xs text-muted-foreground">
                      {row.issuedAt ? copy.issuedOn(formatAdminDateTime(row.issuedAt)) : null}
                      {row.invoiceNumber ? ` · ${row.invoiceNumber}` : null}
                    </span>
                  </span>
                ) : (
                  <IssueInvoiceButton requestId={row.id} title={row.title} amount={amount} email={row.invoiceEmail} refunded={row.refunded >= row.amount && row.amount > 0} />
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
