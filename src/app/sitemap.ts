import type { MetadataRoute } from "next";
import { sitemapEntries } from "@/features/marketing";
import { listSitePages, siteUrl } from "@/features/marketing/server";

/** /sitemap.xml: every marketing page, blog post and doc (static). */
export default function sitemap(): MetadataRoute.Sitemap {
  return sitemapEntries(siteUrl(), listSitePages());
}
