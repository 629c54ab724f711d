import { DEFAULT_SITE_URL } from "./env";

/** Host names of this machine as URLs spell them (`URL.hostname` keeps IPv6 brackets). */
export const LOOPBACK_HOSTNAMES: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]"]);

type SiteSettings = { NODE_ENV?: string; SITE_URL?: string };

/**
 * The site's public address. SITE_URL when it is set, and always in production. In development with
 * SITE_URL unset, the address the browser used when it is a loopback one (`npm run dev -- -p 3001`
 * then mails links to port 3001, not 3000); other hosts keep the default, so a Host header cannot
 * steer where links point.
 */
export function siteOriginFor(host: string | null | undefined, settings: SiteSettings = process.env): string {
  const explicit = settings.SITE_URL?.trim();
  const configured = (explicit || DEFAULT_SITE_URL).replace(/\/+$/, "");
  if (settings.NODE_ENV !== "development" || explicit || !host) return configured;
  let candidate: URL;
  try {
    candidate = new URL(`http://${host}`);
  } catch {
    return configured;
  }
  return LOOPBACK_HOSTNAMES.has(candidate.hostname) ? candidate.origin : configured;
}
