import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { getCurrentUserId } from "@/features/auth/server";
import { CheckoutReturnToast, CurrentPlanCard, OrdersAndInvoices, PaymentHistory, PlanOptions, ProviderReturnRedirect, RenewalReminderBanner, SubscriptionControls } from "@/features/billing";
import { getPlanCatalog, getRenewalReminder, getSubscriptionSummary, listOrdersWithInvoices, listPayments } from "@/features/billing/server";
import { InviteCard } from "@/features/invitations";
import { getInviteView, settlePendingInvitation } from "@/features/invitations/server";
import { PageHeading } from "@/features/layouts";
import { WalletCard } from "@/features/wallet";
import { getWalletView } from "@/features/wallet/server";
import { getDatabase } from "@/lib/db";

export const metadata: Metadata = { title: "订阅与账单" };
export const dynamic = "force-dynamic";
// Usage moves with every AI call: refetch on each visit instead of reusing the client router's
// keep-alive copy (appConfig.keepAlive), which would show the figures from before the last chat.
export const unstable_dynamicStaleTime = 0;

export default async function BillingPage() {
  const userId = await getCurrentUserId();
  if (!userId) redirect("/auth/signin");
  const db = await getDatabase();
  // A phone verified or a first payment made since sign-up may complete this user's invitation.
  await settlePendingInvitation(db, userId);
  const [summary, payments, catalog] = [await getSubscriptionSummary(db, userId), await listPayments(db, userId), await getPlanCatalog(db)];
  const [orders, reminder, wallet] = [await listOrdersWithInvoices(db, userId), await getRenewalReminder(db, userId, summary), await getWalletView(db, userId)];
  const invite = await getInviteView(db, userId);
  // Hidden plans are not offered, but a subscriber of one still sees it (as the current plan).
  const plans = catalog.publicPlans().filter((plan) => plan.visible || plan.id === summary.plan.id);
  return (
    <div className="grid gap-6">
      <PageHeading title="订阅与账单" description="在这里查看和管理您的订阅。" />
      <Suspense>
        <CheckoutReturnToast />
        <ProviderReturnRedirect />
      </Suspense>
      <RenewalReminderBanner reminder={reminder} showLink={false} />
      <CurrentPlanCard summary={summary} />
      <SubscriptionControls summary={summary} />
      <PlanOptions summary={summary} plans={plans} />
      <WalletCard wallet={wallet} />
      <InviteCard invite={invite} />
      <PaymentHistory payments={payments} />
      <OrdersAndInvoices orders={orders} />
    </div>
  );
}
