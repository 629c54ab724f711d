import type { MetadataRoute } from "next";
import { sitemapEntries } from "@/features/marketing";
import { listSitePages } from "@/features/marketing/server";
import { requestSiteOrigin } from "@/lib/site-origin.server";

/** /sitemap.xml: every marketing page, blog post and doc (static in production). */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  return sitemapEntries(await requestSiteOrigin(), listSitePages());
}
