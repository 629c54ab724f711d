import { Link } from "@/components/link";
import { notFound } from "next/navigation";
import { OrderDetailCards, ordersCopy as copy, RefundOrderCard } from "@/features/admin/orders";
import { getOrderDetail } from "@/features/admin/orders/server";
import { providerLabel } from "@/features/billing";
import { adminPageMetadata, requireAdminPage } from "@/features/admin/server";
import { PageHeading } from "@/features/layouts";
import { getDatabase } from "@/lib/db";

export const generateMetadata = () => adminPageMetadata("订单详情");
export const unstable_dynamicStaleTime = 0;

type Props = { params: Promise<{ id: string }> };

/** An order: its facts, payments and refunds, and 退款 through the provider that took the money. */
export default async function AdminOrderPage({ params }: Props) {
  await requireAdminPage();
  const { id } = await params;
  const order = await getOrderDetail(await getDatabase(), id);
  if (!order) notFound();
  const who = order.user.email ?? order.user.phone ?? order.user.id;
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Link href="/admin/orders" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
          ← {copy.detail.back}
        </Link>
        <PageHeading title={`${copy.title} ${order.number}`} />
      </div>
      <OrderDetailCards order={order} />
      {/* Keyed by what is left, so the form starts afresh after each refund. */}
      <RefundOrderCard key={order.refundable} orderId={order.id} who={who} provider={providerLabel(order.provider)} refundable={order.refundable} currency={order.currency} />
    </div>
  );
}
