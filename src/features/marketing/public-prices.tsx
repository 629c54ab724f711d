import "server-only";
import { listEnabledApps } from "@/features/ai-apps/server";
import { PriceList } from "@/features/metering";
import { describeAppPrices } from "@/features/metering/server";
import { isBuildPhase } from "@/lib/build-phase";
import { getDatabase } from "@/lib/db";

export type PublicPrice = { appid: string; name: string; price: string };

/**
 * The public price list (/pricing and the API docs): each enabled app's 按量付费 price, worded by
 * metering (元 per 1 000 tokens or per call). None while the build prerenders: the pages' revalidation
 * (revalidateListings after a price change, at start-up, and every 5 minutes) fills it in.
 */
export async function listPublicPrices(): Promise<PublicPrice[]> {
  if (isBuildPhase()) return [];
  const db = await getDatabase();
  return (await describeAppPrices(db, await listEnabledApps(db))).map(({ appid, name, price }) => ({ appid, name, price }));
}

/** `<PriceList />` in the docs' MDX: the same table as /pricing, from the same list. */
export async function PublicPriceList() {
  return <PriceList prices={await listPublicPrices()} />;
}
