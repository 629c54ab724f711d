/** Object URLs a browser opens directly: public and signed downloads and image renders. */
const OPENABLE_PATH = /^\/storage\/v1\/(object\/(public|sign)|render\/image\/(public|sign))\//;

/**
 * Moves a public or signed object URL onto the storage origin (STORAGE_PUBLIC_URL), so a user's file
 * opened in a tab never shares an origin (cookies, storage) with the app. Other URLs are left alone, as
 * is everything when no storage origin is configured.
 */
export function onStorageOrigin(url: string, storageUrl: string | null | undefined): string {
  if (!storageUrl) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (!OPENABLE_PATH.test(parsed.pathname)) return url;
  return `${storageUrl.replace(/\/$/, "")}${parsed.pathname}${parsed.search}`;
}
