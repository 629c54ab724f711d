import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { billingCopy } from "../copy";
import { formatAmountFen, formatBillingDate, formatBillingPeriod } from "../format";
import type { PaymentView } from "../types";

/** The user's payments, newest first (or an empty state). */
export function PaymentHistory({ payments }: { payments: PaymentView[] }) {
  const { billing } = billingCopy;
  const columns = billing.paymentColumns;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{billing.paymentsTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        {payments.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">{billing.paymentsEmpty}</p>
        ) : (
          <Table aria-label={billing.paymentsTitle}>
            <TableHeader>
              <TableRow>
                <TableHead>{columns.date}</TableHead>
                <TableHead>{columns.plan}</TableHead>
                <TableHead>{columns.kind}</TableHead>
                <TableHead>{columns.period}</TableHead>
                <TableHead className="text-right">{columns.amount}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {payments.map((payment) => (
                <TableRow key={payment.id}>
                  <TableCell>{formatBillingDate(payment.createdAt)}</TableCell>
                  <TableCell>
                    {payment.topUp ? payment.planName : `${payment.planName}（${billingCopy.intervals[payment.interval]}）`}
                  </TableCell>
                  <TableCell>{billing.paymentReasons[payment.reason]}</TableCell>
                  <TableCell className="text-muted-foreground">
                    {formatBillingPeriod(payment.periodStart, payment.periodEnd)}
                  </TableCell>
                  <TableCell className="text-right font-medium">{formatAmountFen(payment.amount, payment.currency)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
