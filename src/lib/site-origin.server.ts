import "server-only";
import { headers } from "next/headers";
import { siteOriginFor } from "./site-origin";

/**
 * `siteOriginFor` the current request. The request is only read where the answer can depend on it
 * (development without SITE_URL), so production pages that call this stay static.
 */
export async function requestSiteOrigin(): Promise<string> {
  const dependsOnRequest = process.env.NODE_ENV === "development" && !process.env.SITE_URL?.trim();
  return siteOriginFor(dependsOnRequest ? (await headers()).get("host") : null);
}
