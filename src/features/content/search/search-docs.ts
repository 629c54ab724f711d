/**
 * Offline docs search. The index is a list of sections built at build time; the query is cut into
 * words with `Intl.Segmenter` (which knows Chinese words), and a section matches when it contains
 * every word — substring matching, so Chinese text needs no tokenised index at all.
 */

export type SearchEntry = {
  /** Doc title, for the result line. */
  title: string;
  /** Section heading; "" for the page's opening text. */
  heading: string;
  /** Link to the doc, with the section anchor. */
  href: string;
  text: string;
};

export type SearchIndex = { version: 1; entries: SearchEntry[] };

export type SearchResult = SearchEntry & { score: number; snippet: string };

const normalise = (text: string) => text.normalize("NFKC").toLowerCase();

/** Splits a query into the words it must find (Chinese included); punctuation and spaces are dropped. */
export function queryTerms(query: string): string[] {
  const text = normalise(query).trim();
  if (!text) return [];
  let words: string[];
  if (typeof Intl !== "undefined" && "Segmenter" in Intl) {
    const segmenter = new Intl.Segmenter("zh-CN", { granularity: "word" });
    words = [...segmenter.segment(text)].filter((part) => part.isWordLike).map((part) => part.segment);
  } else {
    words = text.split(/[^\p{L}\p{N}_]+/u);
  }
  // The segmenter may split a word into single Han characters ("数据" + "库", "接" + "入"): glue a
  // lone Han character back onto the Han text before it, as it stood in the query.
  const terms: string[] = [];
  for (const word of words.filter(Boolean)) {
    const previous = terms[terms.length - 1];
    if (previous !== undefined && /^\p{Script=Han}$/u.test(word) && /\p{Script=Han}$/u.test(previous)) {
      terms[terms.length - 1] = previous + word;
    } else {
      terms.push(word);
    }
  }
  return [...new Set(terms)];
}

function snippetAround(text: string, term: string, radius = 40): string {
  const at = normalise(text).indexOf(term);
  if (at < 0) return text.slice(0, radius * 2);
  const start = Math.max(0, at - radius);
  const end = Math.min(text.length, at + term.length + radius);
  return `${start > 0 ? "…" : ""}${text.slice(start, end)}${end < text.length ? "…" : ""}`;
}

/** Sections containing every term of `query`, best first: title and heading hits weigh more than body hits. */
export function searchDocs(index: SearchIndex, query: string, limit = 8): SearchResult[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const results: SearchResult[] = [];
  for (const entry of index.entries) {
    const title = normalise(entry.title);
    const heading = normalise(entry.heading);
    const body = normalise(entry.text);
    let score = 0;
    let matchesAll = true;
    for (const term of terms) {
      const inTitle = title.includes(term);
      const inHeading = heading.includes(term);
      const inBody = body.includes(term);
      if (!inTitle && !inHeading && !inBody) {
        matchesAll = false;
        break;
      }
      score += (inTitle ? 6 : 0) + (inHeading ? 4 : 0) + (inBody ? 1 + Math.min(3, body.split(term).length - 2) : 0);
    }
    if (!matchesAll) continue;
    results.push({ ...entry, score, snippet: snippetAround(entry.text, terms[0] ?? "") });
  }
  return results.sort((a, b) => b.score - a.score || a.href.localeCompare(b.href)).slice(0, limit);
}
