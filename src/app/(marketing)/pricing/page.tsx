import { billingCopy, PricingFaq, PricingPlans } from "@/features/billing";
import { MarketingPage } from "@/features/layouts";
import { pageMetadata } from "@/features/marketing";

export const metadata = pageMetadata({ title: billingCopy.pricing.title, description: billingCopy.pricing.description, path: "/pricing" });

/** Static: the plans come from plans.ts; only the 月付 / 年付 switch and the buttons run in the browser. */
export default function PricingPage() {
  return (
    <MarketingPage title={billingCopy.pricing.title} description={billingCopy.pricing.description}>
      <div className="mt-10 grid gap-16">
        <PricingPlans />
        <PricingFaq />
      </div>
    </MarketingPage>
  );
}
