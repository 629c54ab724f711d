import { billingCopy, PricingFaq, PricingPlans } from "@/features/billing";
import { listPricingPlans } from "@/features/billing/server";
import { MarketingPage } from "@/features/layouts";
import { PriceList } from "@/features/metering";
import { pageMetadata } from "@/features/marketing";
import { listPublicPrices } from "@/features/marketing/server";

export const metadata = pageMetadata({ title: billingCopy.pricing.title, description: billingCopy.pricing.description, path: "/pricing" });

// Prerendered; a plan change in the console (/admin/plans) revalidates it on demand
// (revalidateListings), and this is the backstop for changes made by another process.
export const revalidate = 300;

/** The visible plans from the database; only the 月付 / 年付 switch and the buttons run in the browser. */
export default async function PricingPage() {
  const [plans, prices] = [await listPricingPlans(), await listPublicPrices()];
  return (
    <MarketingPage title={billingCopy.pricing.title} description={billingCopy.pricing.description}>
      <div className="mt-10 grid gap-16">
        <PricingPlans plans={plans} apps={prices} />
        <PriceList prices={prices} />
        <PricingFaq />
      </div>
    </MarketingPage>
  );
}
