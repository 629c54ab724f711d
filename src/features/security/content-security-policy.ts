/**
 * The pages' Content-Security-Policy: scripts run only with this request's nonce (Next.js puts it on
 * its own scripts when it finds it in the request's CSP header) or when loaded by such a script
 * ('strict-dynamic'), so markup injected into a page cannot run code. Prerendered pages cannot carry a
 * nonce: their inline scripts run by hash instead (src/lib/net/static-page-csp.mjs). Styles stay 'unsafe-inline':
 * KaTeX, recharts and Radix write style attributes, and CSS cannot read the session cookie.
 */
import { HOSTED_CAPTCHA_SOURCES, isHostedCaptchaProvider } from "./captcha-sources";

export type ContentSecurityPolicyOptions = {
  /** This request's nonce (pages rendered per request). */
  nonce?: string;
  /**
   * 'sha256-…' sources for inline scripts known without a nonce: the colour-mode pre-paint script, and
   * on static pages the placeholder server.mjs fills with the page's own hashes (static-page-csp.mjs).
   */
  scriptHashes?: string[];
  /** `next dev`: React's dev tooling evaluates code (never in production builds). */
  development: boolean;
  /** A hosted Supabase project the browser talks to (https + its realtime websocket). */
  supabaseUrl?: string;
  /** Storage served from its own origin (images, downloads, uploads). */
  storagePublicUrl?: string;
  /** AUTH_CAPTCHA_PROVIDER: a hosted captcha's widget origins are allowed only when it is the one. */
  captchaProvider?: string;
};

/** 128 random bits, base64: a fresh nonce per request. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The websocket origin beside an http(s) one (Supabase Realtime). */
function websocketOriginOf(origin: string): string {
  return origin.replace(/^http/, "ws");
}

export function buildContentSecurityPolicy(options: ContentSecurityPolicyOptions): string {
  const supabase = originOf(options.supabaseUrl);
  const storage = originOf(options.storagePublicUrl);
  const services = [supabase, storage].filter((origin): origin is string => Boolean(origin));
  const unique = (sources: string[]) => [...new Set(sources)].join(" ");
  const captcha = isHostedCaptchaProvider(options.captchaProvider) ? [...HOSTED_CAPTCHA_SOURCES[options.captchaProvider].origins] : [];

  const directives: Record<string, string> = {
    "default-src": "'self'",
    // With a nonce, 'strict-dynamic' (CSP3 browsers then ignore 'self'). Without one (static pages),
    // the build's script files load by 'self' and inline scripts only by their hashes.
    "script-src": unique([
      "'self'",
      ...(options.nonce ? [`'nonce-${options.nonce}'`, "'strict-dynamic'"] : []),
      ...(options.scriptHashes ?? []),
      ...(options.development ? ["'unsafe-eval'"] : []),
      // Ignored beside 'strict-dynamic' (the page's own script inserts the widget's); older browsers read it.
      ...captcha,
    ]),
    "style-src": unique(["'self'", "'unsafe-inline'", ...captcha]),
    "img-src": unique(["'self'", "blob:", "data:", ...services, ...captcha]),
    "font-src": "'self' data:",
    "media-src": unique(["'self'", "blob:", ...services]),
    "connect-src": unique(["'self'", ...services, ...(supabase ? [websocketOriginOf(supabase)] : []), ...captcha]),
    ...(captcha.length > 0 ? { "frame-src": unique(["'self'", ...captcha]) } : {}),
    "worker-src": "'self' blob:",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join("; ");
}
