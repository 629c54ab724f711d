/**
 * Response headers every answer carries, pages and static assets alike. Kept free of imports so
 * next.config.ts (its `headers()`) and the proxy share one list.
 */

/** Features the app never uses (nothing on our origin, nor a frame of it, may ask for them), and the microphone for our own pages only. */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  // The chat composer records questions (ai-chat's voice input); no frame or other origin may ask.
  "microphone=(self)",
  "midi=()",
  "payment=()",
  "usb=()",
].join(", ");

export const BASELINE_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Older browsers' spelling of CSP's frame-ancestors 'none'.
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: PERMISSIONS_POLICY },
];

/**
 * One year, this host only: subdomains may belong to other services of the same deployment that are
 * not ours to force onto https.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

/**
 * Whether the visitor reached us over https. Only the reverse proxy's X-Forwarded-Proto says so: our
 * server (`npm start`) overwrites the header on every request, so a client cannot fake it.
 */
export function cameOverHttps(headers: Headers): boolean {
  return headers.get("x-forwarded-proto") === "https";
}

/**
 * Sets the baseline headers on a response (and HSTS when the visitor came over https): what
 * next.config.ts adds to everything Next.js serves, for answers made outside its pipeline.
 */
export function setSecurityHeaders(responseHeaders: Headers, requestHeaders: Headers): void {
  for (const { key, value } of BASELINE_SECURITY_HEADERS) responseHeaders.set(key, value);
  if (cameOverHttps(requestHeaders)) responseHeaders.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
}
