import type { Metadata } from "next";
import { Link } from "@/components/link";
import { redirect } from "next/navigation";
import { Button } from "@/components/ui/button";
import { getCurrentUserId } from "@/features/auth/server";
import { billingCopy, CheckoutOrderView, isTopUpOrder, topUpName } from "@/features/billing";
import { getCheckoutOrder, getPlanCatalog, getProviders } from "@/features/billing/server";
import { PageHeading } from "@/features/layouts";
import { getDatabase } from "@/lib/db";

export const metadata: Metadata = { title: billingCopy.checkout.title, robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

export default async function CheckoutPage({ params }: Props) {
  const { id } = await params;
  const userId = await getCurrentUserId();
  if (!userId) redirect("/auth/signin");
  // With the test mode off the page shows no order and no 支付成功 button (its endpoint refuses too).
  const open = getProviders().localTestMode;
  const db = await getDatabase();
  const order = open ? await getCheckoutOrder(db, userId, id) : undefined;
  if (order) return <CheckoutOrderView order={order} planName={isTopUpOrder(order) ? topUpName(order.amount) : ((await getPlanCatalog(db)).find(order.planId)?.name ?? order.planId)} />;
  const { checkout } = billingCopy;
  return (
    <div className="mx-auto grid w-full max-w-xl gap-6 px-4 py-10 sm:px-6">
      <PageHeading
        title={open ? checkout.notFoundTitle : checkout.closedTitle}
        description={open ? checkout.notFoundDescription : checkout.closedDescription}
      />
      <Button variant="outline" asChild className="w-fit">
        <Link href="/pricing">{billingCopy.checkout.backToPricing}</Link>
      </Button>
    </div>
  );
}
