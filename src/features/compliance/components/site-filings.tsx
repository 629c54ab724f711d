import { connection } from "next/server";
import { loadSiteFilings } from "../server/site-settings";
import { FilingLinks } from "./filing-links";

/** The filings at the foot of every page (rendered by each route group's layout and the share page). */
export async function SiteFilingsFooter() {
  // Per request, never at build time: the console may change the filings, and `next build` must not
  // open the database (src/server/startup.ts keeps it closed during the build).
  await connection();
  const filings = await loadSiteFilings();
  return <FilingLinks filings={filings} className="px-4 py-3" />;
}
