import "server-only";
import { getEnv } from "@/lib/env";

/** The public address (SITE_URL) pages, sitemap and feeds are built against, without a trailing slash. */
export function siteUrl(): string {
  return getEnv().SITE_URL.replace(/\/+$/, "");
}

export function absoluteUrl(path: string): string {
  return `${siteUrl()}${path === "/" ? "" : path}` || "/";
}
