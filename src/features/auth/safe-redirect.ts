const ORIGIN = "http://same-site.invalid";

/**
 * A redirect target the app may follow after sign-in: only a path on this site. Anything that could
 * leave it (`//evil.com`, `/\evil.com`, `https://…`, control characters) is refused with `null`.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    const url = new URL(value, ORIGIN);
    if (url.origin !== ORIGIN) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
