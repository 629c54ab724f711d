import picomatch from "picomatch";
import type { AuthConfig } from "./config";
import { LOOPBACK_HOSTNAMES } from "@/lib/site-origin";

function escapeRegExp(text: string): string {
  return text.replace(/[.+^${}()|[\]\\]/g, "\\$&");
}

/**
 * picomatch only knows "/" as a separator; GoTrue also separates on ".", so a glob's host part is
 * checked separately with `*` not crossing a dot (`*.example.com` must not match `evil.com`).
 */
function globMatcher(glob: string): (url: string) => boolean {
  const pattern = glob.replace(/#.*$/, "");
  const isMatch = picomatch(pattern, { dot: true });
  const globHost = pattern.match(/^[a-z][a-z0-9+.-]*:\/\/([^/]*)/i)?.[1];
  const hostRegExp = globHost
    ? new RegExp(
        `^${escapeRegExp(globHost)
          .replace(/\*\*/g, "\u0000")
          .replace(/\*/g, "[^./]*")
          .replace(/\u0000/g, ".*")
          .replace(/\?/g, "[^./]")}$`,
        "i",
      )
    : undefined;
  return (url) => {
    if (!isMatch(url)) return false;
    if (!hostRegExp) return true;
    const host = url.match(/^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i)?.[1] ?? "";
    return hostRegExp.test(host);
  };
}

/**
 * GoTrue's redirect allow-list: same origin as the site URL, or a glob of the allow-list. Anything
 * else silently becomes the site URL. In development (`developmentLoopback`) any port of a loopback
 * host is accepted too — never in production, where another local service could receive the tokens.
 */
export function createRedirectValidator(config: AuthConfig): (candidate: string | undefined | null) => string {
  const site = new URL(config.siteUrl);
  const matchers = config.redirectAllowList.map(globMatcher);
  const isSiteUrl = (url: URL) => url.protocol === site.protocol && url.host === site.host;
  const isDevelopmentLoopback = (url: URL) => config.developmentLoopback && LOOPBACK_HOSTNAMES.has(url.hostname);

  return (candidate) => {
    if (!candidate) return config.siteUrl;
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      return config.siteUrl;
    }
    const web = url.protocol === "http:" || url.protocol === "https:";
    if (web && (isSiteUrl(url) || isDevelopmentLoopback(url))) return candidate;
    const withoutFragment = candidate.replace(/#.*$/, "");
    return matchers.some((matches) => matches(withoutFragment)) ? candidate : config.siteUrl;
  };
}
