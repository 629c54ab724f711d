import type { MetadataRoute } from "next";
import type { SitePage } from "./site-pages";

/** sitemap.xml entries for `pages`, as absolute URLs on `siteUrl` (no trailing slash). */
export function sitemapEntries(siteUrl: string, pages: readonly SitePage[]): MetadataRoute.Sitemap {
  return pages.map((page) => ({
    url: page.path === "/" ? `${siteUrl}/` : `${siteUrl}${page.path}`,
    ...(page.lastModified ? { lastModified: page.lastModified } : {}),
    changeFrequency: page.changeFrequency,
    priority: page.priority,
  }));
}
