import { billingCopy, PricingFaq, PricingPlans } from "@/features/billing";
import { listPricingPlans } from "@/features/billing/server";
import { MarketingPage } from "@/features/layouts";
import { PriceList } from "@/features/metering";
import { describeAppPrices } from "@/features/metering/server";
import { listEnabledApps } from "@/features/ai-apps/server";
import { getDatabase } from "@/lib/db";
import { isBuildPhase } from "@/lib/build-phase";
import { pageMetadata } from "@/features/marketing";

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

/** Each enabled app's 按量付费 price (none while the build prerenders: the page's revalidation fills it in). */
async function listPublicPrices(): Promise<{ appid: string; name: string; price: string }[]> {
  if (isBuildPhase()) return [];
  const db = await getDatabase();
  return (await describeAppPrices(db, await listEnabledApps(db))).map(({ appid, name, price }) => ({ appid, name, price }));
}
