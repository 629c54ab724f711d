import { Link } from "@/components/link";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatAmountFen, formatBillingDate, formatBillingPeriod } from "@/features/billing";
import { formatAdminDateTime } from "../../format";
import { ordersCopy } from "../copy";
import type { AdminOrderDetail } from "../types";
import { orderUserLabel } from "./orders-table";
import { orderChannelLabel, ProviderReference } from "../provider-reference";

const copy = ordersCopy.detail;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm break-all">{children}</dd>
    </div>
  );
}

/** An order's facts, its payments (refunds negative) and its refund requests. */
export function OrderDetailCards({ order }: { order: AdminOrderDetail }) {
  const fields = copy.fields;
  const money = (fen: number) => formatAmountFen(fen, order.currency);
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>{copy.overview}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Field label={fields.number}>
              <span translate="no">{order.number}</span>
            </Field>
            <Field label={fields.id}>
              <span translate="no">{order.id}</span>
            </Field>
            <Field label={fields.user}>
              <Link href={`/admin/users/${order.user.id}`} className="underline-offset-4 hover:underline" translate="no">
                {orderUserLabel(order.user)}
              </Link>
            </Field>
            <Field label={fields.plan}>
              {order.planName}（{ordersCopy.intervals[order.interval]}）
            </Field>
            <Field label={fields.amount}>{money(order.amount)}</Field>
            <Field label={fields.refunded}>{order.refunded > 0 ? money(-order.refunded) : "—"}</Field>
            <Field label={fields.refundable}>{money(order.refundable)}</Field>
            <Field label={fields.provider}>{orderChannelLabel(order)}</Field>
            <Field label={fields.providerId}>
              <ProviderReference reference={order.providerSessionId} />
            </Field>
            <Field label={fields.status}>{ordersCopy.statuses[order.status]}</Field>
            <Field label={fields.created}>{formatAdminDateTime(order.createdAt)}</Field>
            <Field label={fields.completed}>{order.completedAt ? formatAdminDateTime(order.completedAt) : "—"}</Field>
            <Field label={fields.subscription}>
              {order.subscription ? copy.subscriptionLine(order.subscription.planName, order.subscription.status !== "canceled" && order.subscription.periodEnd ? formatBillingDate(order.subscription.periodEnd) : null) : copy.freePlan}
            </Field>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{copy.payments}</CardTitle>
        </CardHeader>
        <CardContent>
          {order.payments.length === 0 ? (
            <p className="text-sm text-muted-foreground">{copy.paymentsEmpty}</p>
          ) : (
            <Table aria-label={copy.payments}>
              <TableHeader>
                <TableRow>
                  <TableHead>{copy.paymentColumns.time}</TableHead>
                  <TableHead>{copy.paymentColumns.kind}</TableHead>
                  <TableHead>{copy.paymentColumns.period}</TableHead>
                  <TableHead>{copy.paymentColumns.key}</TableHead>
                  <TableHead className="text-right">{copy.paymentColumns.amount}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {order.payments.map((payment) => (
                  <TableRow key={payment.id}>
                    <TableCell>{formatAdminDateTime(payment.createdAt)}</TableCell>
                    <TableCell>{copy.paymentReasons[payment.reason] ?? payment.reason}</TableCell>
                    <TableCell>{formatBillingPeriod(payment.periodStart, payment.periodEnd)}</TableCell>
                    <TableCell translate="no" className="text-muted-foreground">
                      {payment.providerPaymentId}
                    </TableCell>
                    <TableCell className="text-right font-medium">{formatAmountFen(payment.amount, payment.currency)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{copy.refunds}</CardTitle>
        </CardHeader>
        <CardContent>
          {order.refunds.length === 0 ? (
            <p className="text-sm text-muted-foreground">{copy.refundsEmpty}</p>
          ) : (
            <Table aria-label={copy.refunds}>
              <TableHeader>
                <TableRow>
                  <TableHead>{copy.refundColumns.time}</TableHead>
                  <TableHead>{copy.refundColumns.reason}</TableHead>
                  <TableHead>{copy.refundColumns.status}</TableHead>
                  <TableHead>{copy.refundColumns.providerId}</TableHead>
                  <TableHead className="text-right">{copy.refundColumns.amount}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {order.refunds.map((refund) => (
                  <TableRow key={refund.id}>
                    <TableCell>{formatAdminDateTime(refund.createdAt)}</TableCell>
                    <TableCell className="max-w-64 break-words">{refund.reason}</TableCell>
                    <TableCell>{copy.refundStatuses[refund.status]}</TableCell>
                    <TableCell translate="no" className="text-muted-foreground">
                      {refund.providerRefundId ?? "—"}
                    </TableCell>
                    <TableCell className="text-right font-medium">{money(-refund.amount)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </>
  );
}
