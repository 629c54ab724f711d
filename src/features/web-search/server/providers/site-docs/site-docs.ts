import { queryTerms } from "@/features/content";
import type { WebResult, WebSearchProvider } from "../../web-result";
import type { SiteSection } from "./site-sections";

/** How much of a section the model reads (the page text is ours, so the whole section up to this). */
const SECTION_CHARS = 1_200;

/**
 * The embedded default (no search service configured): the site's own docs and blog, so 联网搜索 works
 * offline. Unlike the docs page's search box, a question need not contain every word of a section: it
 * is ranked by how many of its words a section has (titles and headings weigh more), single characters ignored.
 */
export function siteDocsProvider(options: { siteUrl: string; sections: () => SiteSection[] }): WebSearchProvider {
  return {
    name: "本站文档",
    async search(query, { count }) {
      const terms = queryTerms(query).filter((term) => [...term].length >= 2);
      if (terms.length === 0) return [];
      const ranked = options
        .sections()
        .map((section) => ({ section, score: scoreOf(section, terms) }))
        .filter((entry) => entry.score > 0)
        .sort((a, b) => b.score - a.score || a.section.href.localeCompare(b.section.href));
      return ranked.slice(0, count).map(({ section }): WebResult => ({
        title: section.heading ? `${section.title} · ${section.heading}` : section.title,
        url: new URL(section.href, options.siteUrl).href,
        snippet: section.text.slice(0, SECTION_CHARS),
      }));
    },
  };
}

function scoreOf(section: SiteSection, terms: string[]): number {
  const title = section.title.toLowerCase();
  const heading = section.heading.toLowerCase();
  const body = section.text.toLowerCase();
  let score = 0;
  let matched = 0;
  for (const term of terms) {
    const hits = (title.includes(term) ? 3 : 0) + (heading.includes(term) ? 4 : 0) + (body.includes(term) ? 1 + Math.min(3, body.split(term).length - 2) : 0);
    if (hits > 0) matched += 1;
    score += hits;
  }
  // Sections with more of the question's words come first, whatever the repetitions of one word.
  return matched === 0 ? 0 : matched * 10 + score;
}
