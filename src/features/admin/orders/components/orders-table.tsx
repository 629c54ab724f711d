import { Link } from "@/components/link";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatAmountFen } from "@/features/billing";
import { formatAdminDateTime } from "../../format";
import { orderChannelLabel } from "../provider-reference";
import { ordersCopy as copy } from "../copy";
import type { AdminOrderRow } from "../types";

export function orderUserLabel(user: AdminOrderRow["user"]): string {
  return user.email ?? user.phone ?? copy.deletedUser;
}

/** A page of orders, each linking to its page (payments, refunds, 退款). */
export function OrdersTable({ orders }: { orders: AdminOrderRow[] }) {
  if (orders.length === 0) return <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">{copy.empty}</p>;
  const columns = copy.columns;
  return (
    <Table aria-label={copy.title}>
      <TableHeader>
        <TableRow>
          <TableHead>{columns.number}</TableHead>
          <TableHead>{columns.time}</TableHead>
          <TableHead>{columns.user}</TableHead>
          <TableHead>{columns.plan}</TableHead>
          <TableHead>{columns.provider}</TableHead>
          <TableHead>{columns.status}</TableHead>
          <TableHead className="text-right">{columns.amount}</TableHead>
          <TableHead className="text-right">{columns.refunded}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {orders.map((order) => (
          <TableRow key={order.id}>
            <TableCell>
              <Link href={`/admin/orders/${order.id}`} className="font-medium underline-offset-4 hover:underline" translate="no">
                {order.number}
              </Link>
            </TableCell>
            <TableCell>{formatAdminDateTime(order.createdAt)}</TableCell>
            <TableCell translate="no">{orderUserLabel(order.user)}</TableCell>
            <TableCell>
              {order.planName}（{copy.intervals[order.interval]}）
            </TableCell>
            <TableCell>{orderChannelLabel(order)}</TableCell>
            <TableCell>{copy.statuses[order.status]}</TableCell>
            <TableCell className="text-right">{formatAmountFen(order.amount, order.currency)}</TableCell>
            <TableCell className="text-right">{order.refunded > 0 ? formatAmountFen(-order.refunded, order.currency) : "—"}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
