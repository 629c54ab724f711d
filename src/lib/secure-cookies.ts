import { getEnv } from "@/lib/env";

/**
 * Whether the cookies we set must be `Secure`: the site is served over https — SITE_URL says so, or
 * this request came over https. Only X-Forwarded-Proto says the latter, and it is a fact here: the
 * server in front of the app (src/lib/net/hardened-server.mjs) overwrites it on every request with
 * "https" only for TLS or a TRUSTED_PROXIES proxy that said so, so a client on plain http cannot
 * claim it (nor would a Secure cookie help it). The one place cookie options decide `secure`: the
 * session cookies (`serverClientOptions`) and the app's own cookies ask here.
 */
export function cookiesMustBeSecure(requestHeaders?: Headers): boolean {
  return getEnv().SITE_URL.startsWith("https:") || requestHeaders?.get("x-forwarded-proto") === "https";
}
