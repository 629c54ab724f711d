import { loadSiteFilings } from "../server/site-settings";
import { FilingLinks } from "./filing-links";

/** The filings at the foot of every page (rendered by the root layout). */
export async function SiteFilingsFooter() {
  const filings = await loadSiteFilings();
  return <FilingLinks filings={filings} className="px-4 py-3" />;
}
