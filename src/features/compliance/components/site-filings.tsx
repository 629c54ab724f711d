import { isBuildPhase } from "@/lib/build-phase";
import { complianceSettingsFromEnv, loadSiteFilings } from "../server/site-settings";
import { FilingLinks } from "./filing-links";

/** The filings at the foot of every page (rendered by each route group's layout and the share page). */
export async function SiteFilingsFooter() {
  // `next build` opens no database (getDatabaseHandle refuses while it prerenders):
  // prerendered pages start with the environment's filings, and saving 站点设置 revalidates every
  // prerendered page (revalidateSiteWide), as does each process once it listens.
  const filings = isBuildPhase() ? complianceSettingsFromEnv() : await loadSiteFilings();
  return <FilingLinks filings={filings} className="px-4 py-3" />;
}
