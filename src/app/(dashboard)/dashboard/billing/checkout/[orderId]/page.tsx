import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { getCurrentUserId } from "@/features/auth/server";
import { OrderPaymentView } from "@/features/billing/components/order-payment-view";
import { getProviders, qrImageDataUrl, readCheckoutOrderView } from "@/features/billing/server";
import { getDatabase } from "@/lib/db";

export const metadata: Metadata = { title: "支付订单", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ orderId: string }> };

/** A 微信支付 / 支付宝 order of the signed-in user (another user's order id is a 404): QR, countdown, status. */
export default async function OrderPaymentPage({ params }: Props) {
  const { orderId } = await params;
  const userId = await getCurrentUserId();
  if (!userId) redirect("/auth/signin");
  // A return from 支付宝 / 微信 H5 may arrive before the notification: ask the provider at once.
  const view = await readCheckoutOrderView(await getDatabase(), getProviders(), userId, orderId, { sync: true });
  if (!view) notFound();
  // Not a 微信支付 / 支付宝 order (the plain test checkout's): its own page.
  if (!view.brand) redirect(`/checkout/${view.id}`);
  const qrImage = view.qr ? await qrImageDataUrl(view.qr.content) : null;
  return <OrderPaymentView initial={view} qrImage={qrImage} />;
}
