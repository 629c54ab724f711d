/**
 * Headers of `/share/{token}` (set by the proxy, and by next.config.ts for what the proxy skips):
 * never stored by a browser or a shared cache (a stopped link stops at once), kept out of search
 * indexes, and the link — a bearer secret — never sent on as a Referer. No imports: next.config.ts reads it.
 */
export const SHARE_PAGE_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: "Cache-Control", value: "private, no-store, max-age=0" },
  { key: "X-Robots-Tag", value: "noindex, nofollow, noarchive" },
  { key: "Referrer-Policy", value: "no-referrer" },
];
