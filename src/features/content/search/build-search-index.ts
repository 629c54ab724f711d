import "server-only";
import { getAllDocs } from "../docs/docs";
import { splitSections } from "../headings";
import type { SearchIndex } from "./search-docs";

/** One entry per doc section, linking to its heading; built once at build time (static route). */
export function buildSearchIndex(): SearchIndex {
  const entries = getAllDocs().flatMap((doc) => {
    const { sections } = splitSections(doc.body);
    return [
      { title: doc.title, heading: "", href: doc.href, text: doc.description },
      ...sections.map((section) => ({
        title: doc.title,
        heading: section.heading,
        href: section.id ? `${doc.href}#${section.id}` : doc.href,
        text: section.text,
      })),
    ];
  });
  return { version: 1, entries };
}
