import type { MetadataRoute } from "next";
import { siteUrl } from "@/features/marketing/server";

/** /robots.txt: the marketing site is open to crawlers; accounts, the dashboard and the API are not. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/api/", "/dashboard", "/auth/", "/storage/"] }],
    sitemap: `${siteUrl()}/sitemap.xml`,
    host: siteUrl(),
  };
}
