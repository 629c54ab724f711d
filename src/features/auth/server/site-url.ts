import { requestSiteOrigin } from "@/lib/site-origin.server";

/**
 * An absolute URL on this site, for links the auth service puts in mails and redirects: SITE_URL, or
 * in development without it the loopback address the browser used (see `siteOriginFor`).
 */
export async function siteUrl(path: string): Promise<string> {
  return new URL(path, await requestSiteOrigin()).toString();
}
