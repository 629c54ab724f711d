/**
 * Pages that must never see the visitor's session: a shared conversation (`/share/{token}`) shows
 * content its owner chose to anyone with the link, so nothing there may read, refresh or use the
 * cookies of whoever opens it. The proxy passes these pages on without the Cookie header and without
 * refreshing anything; the browser's AuthProvider does not load the session there either.
 * No imports: the proxy, next.config.ts and client code share it.
 */
const SESSIONLESS_PREFIXES = ["/share/"] as const;

export function isSessionlessPage(pathname: string): boolean {
  return SESSIONLESS_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}
