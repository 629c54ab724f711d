import { getAllDocs, getAllPosts, splitSections } from "@/features/content/server";

/** One section of the site's docs or blog: what the embedded search reads. */
export interface SiteSection {
  title: string;
  heading: string;
  /** The site's own path with the heading's anchor, e.g. `/docs/ai/model-apps#联网搜索`. */
  href: string;
  text: string;
}

let cached: SiteSection[] | undefined;

/** Every section of content/docs and content/blog, read once per process (the files ship with the site). */
export function siteSections(): SiteSection[] {
  cached ??= [...getAllDocs(), ...getAllPosts()].flatMap((page) =>
    splitSections(page.body).sections.flatMap((section) => {
      const text = section.text.trim();
      if (!text) return [];
      return [{ title: page.title, heading: section.heading, href: section.id ? `${page.href}#${encodeURIComponent(section.id)}` : page.href, text }];
    }),
  );
  return cached;
}
