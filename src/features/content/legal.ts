import { legalFrontMatterSchema, type LegalFrontMatter } from "./front-matter";
import { loadCollection } from "./load-collection";

export type LegalDocument = LegalFrontMatter & { slug: "terms" | "privacy"; body: string };

/** The terms of service or the privacy policy (content/legal/{slug}.mdx). */
export function getLegalDocument(slug: LegalDocument["slug"]): LegalDocument {
  const found = loadCollection("legal", legalFrontMatterSchema).find((file) => file.segments.join("/") === slug);
  if (!found) throw new Error(`content/legal/${slug}.mdx 缺失`);
  return { ...found.frontMatter, slug, body: found.body };
}
