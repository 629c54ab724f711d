import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { billingCopy } from "../copy";
import { formatAmountFen, formatBillingDate } from "../format";
import { invoiceCopy as copy } from "../invoice-copy";
import type { OrderInvoiceView } from "../invoice-schema";
import { InvoiceRequestDialog } from "./invoice-request-dialog";

/** The user's paid orders with 申请发票, or the request's status (待开具 / 已开具) beside each. */
export function OrdersAndInvoices({ orders }: { orders: OrderInvoiceView[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{copy.title}</CardTitle>
        <CardDescription>{copy.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {orders.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">{copy.empty}</p>
        ) : (
          <Table aria-label={copy.title}>
            <TableHeader>
              <TableRow>
                <TableHead>{copy.columns.order}</TableHead>
                <TableHead>{copy.columns.plan}</TableHead>
                <TableHead>{copy.columns.paidAt}</TableHead>
                <TableHead className="text-right">{copy.columns.amount}</TableHead>
                <TableHead>{copy.columns.invoice}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {orders.map((order) => (
                <TableRow key={order.orderId} data-order-id={order.orderId}>
                  <TableCell className="font-mono text-xs" translate="no">
                    {order.orderNumber}
                  </TableCell>
                  <TableCell>
                    {order.planName}（{billingCopy.intervals[order.interval]}）
                  </TableCell>
                  <TableCell>{order.paidAt ? formatBillingDate(order.paidAt) : "—"}</TableCell>
                  <TableCell className="text-right font-medium">{formatAmountFen(order.amount, order.currency)}</TableCell>
                  <TableCell>
                    {order.invoice ? (
                      <span className="flex flex-wrap items-center gap-2">
                        <Badge variant={order.invoice.status === "issued" ? "secondary" : "warning"}>{copy.status[order.invoice.status]}</Badge>
                        {order.invoice.invoiceNumber ? <span className="text-xs text-muted-foreground">{copy.invoiceNumber(order.invoice.invoiceNumber)}</span> : null}
                      </span>
                    ) : order.invoiceable ? (
                      <InvoiceRequestDialog order={order} />
                    ) : (
                      <span className="text-xs text-muted-foreground">{copy.notInvoiceable}</span>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
