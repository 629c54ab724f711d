/**
 * The marketing pages served prerendered from the build (○ / ● in `next build`'s route table),
 * revalidated on demand when the console changes what they list. The proxy gives these a hash-based
 * CSP (no per-request nonce), e2e/static-pages.spec.ts fails the build's route info if one of them
 * turns dynamic. Exact paths, or a prefix ending in "/*" for a section's pages.
 */
export const STATIC_MARKETING_PAGES = [
  "/",
  "/ai",
  "/pricing",
  "/blog",
  "/blog/*",
  "/docs",
  "/docs/*",
  "/changelog",
  "/legal/*",
] as const;

/** Whether a request path is one of the prerendered marketing pages (or a section below one). */
export function isStaticMarketingPage(pathname: string): boolean {
  return STATIC_MARKETING_PAGES.some((pattern) =>
    pattern.endsWith("/*") ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern,
  );
}
