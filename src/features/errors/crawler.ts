import { createIsbotFromList, list } from "isbot";

// isbot also flags headless browsers; those are people's tools (previews, tests), not crawlers,
// and should see the same pages as anyone else.
const crawlerPatterns = list.filter((pattern) => pattern !== "headless");

/** Whether a user agent is a search engine or other crawler (Googlebot, Baiduspider, bingbot…). */
export const isCrawler: (userAgent: string | null | undefined) => boolean = createIsbotFromList(crawlerPatterns);
