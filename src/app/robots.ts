import type { MetadataRoute } from "next";
import { requestSiteOrigin } from "@/lib/site-origin.server";

/** /robots.txt: the marketing site is open to crawlers; accounts, the dashboard, the API and shared conversations are not. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  const site = await requestSiteOrigin();
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/api/", "/dashboard", "/auth/", "/storage/", "/share/"] }],
    sitemap: `${site}/sitemap.xml`,
    host: site,
  };
}
