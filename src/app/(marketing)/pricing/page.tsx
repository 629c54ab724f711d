import { billingCopy, PricingFaq, PricingPlans } from "@/features/billing";
import { getPlanCatalog } from "@/features/billing/server";
import { MarketingPage } from "@/features/layouts";
import { pageMetadata } from "@/features/marketing";

export const metadata = pageMetadata({ title: billingCopy.pricing.title, description: billingCopy.pricing.description, path: "/pricing" });

// The plans are the operator's (/admin/plans): read per request from the process's plan cache, so
// a change shows at once (the cache is emptied by every plan write in any process).
export const dynamic = "force-dynamic";

/** The visible plans from the database; only the 月付 / 年付 switch and the buttons run in the browser. */
export default async function PricingPage() {
  const plans = (await getPlanCatalog()).visiblePlans();
  return (
    <MarketingPage title={billingCopy.pricing.title} description={billingCopy.pricing.description}>
      <div className="mt-10 grid gap-16">
        <PricingPlans plans={plans} />
        <PricingFaq />
      </div>
    </MarketingPage>
  );
}
