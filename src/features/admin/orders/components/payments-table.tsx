import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatAmountFen, formatBillingPeriod } from "@/features/billing";
import { Link } from "@/components/link";
import { formatAdminDateTime } from "../../format";
import { ordersCopy as copy } from "../copy";
import type { AdminPaymentRow } from "../types";
import { orderUserLabel } from "./orders-table";
import { providerLabel } from "@/features/billing";

/** A page of every payment: charges, renewals (no order of their own) and refunds (negative). */
export function PaymentsTable({ payments }: { payments: AdminPaymentRow[] }) {
  if (payments.length === 0) return <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">{copy.paymentsEmpty}</p>;
  const columns = copy.paymentColumns;
  return (
    <Table aria-label={copy.tabs.payments}>
      <TableHeader>
        <TableRow>
          <TableHead>{columns.time}</TableHead>
          <TableHead>{columns.user}</TableHead>
          <TableHead>{columns.plan}</TableHead>
          <TableHead>{columns.provider}</TableHead>
          <TableHead>{columns.kind}</TableHead>
          <TableHead>{columns.period}</TableHead>
          <TableHead>{columns.key}</TableHead>
          <TableHead className="text-right">{columns.amount}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {payments.map((payment) => (
          <TableRow key={payment.id}>
            <TableCell>{formatAdminDateTime(payment.createdAt)}</TableCell>
            <TableCell>
              <Link href={`/admin/users/${payment.user.id}`} className="underline-offset-4 hover:underline" translate="no">
                {orderUserLabel(payment.user)}
              </Link>
            </TableCell>
            <TableCell>
              {payment.planName}（{copy.intervals[payment.interval]}）
            </TableCell>
            <TableCell>{providerLabel(payment.provider)}</TableCell>
            <TableCell>{copy.detail.paymentReasons[payment.reason]}</TableCell>
            <TableCell>{formatBillingPeriod(payment.periodStart, payment.periodEnd)}</TableCell>
            <TableCell translate="no" className="text-muted-foreground">
              {payment.providerPaymentId}
            </TableCell>
            <TableCell className="text-right font-medium">{formatAmountFen(payment.amount, payment.currency)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
