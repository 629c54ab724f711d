/**
 * The auth pages prerendered at build time (○ in `next build`'s route table): nothing on them depends
 * on the request. Like the marketing pages, they get the hash-based CSP (their HTML has no nonce).
 * e2e/static-pages.spec.ts checks every prerendered page's scripts against its policy.
 */
export const PRERENDERED_AUTH_PAGES = ["/auth/callback", "/auth/forgot-password", "/auth/reset-password"] as const;

export function isPrerenderedAuthPage(pathname: string): boolean {
  return (PRERENDERED_AUTH_PAGES as readonly string[]).includes(pathname);
}
