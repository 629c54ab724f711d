/**
 * The visitor's IP, for the auth service's per-IP rate limits. The server in front of the app
 * (server.mjs → src/lib/net/hardened-server.mjs) decides it once per request — the socket peer, or
 * the entry a TRUSTED_PROXIES proxy wrote — and overwrites X-Forwarded-For with exactly that one
 * entry, so a client's own header never reaches here. (`next start` would keep it: start-up refuses
 * to serve a production build without server.mjs.) Last entry, should anything ever append.
 */
export function visitorIp(headers: Headers): string | undefined {
  const entries = headers.get("x-forwarded-for")?.split(",").map((entry) => entry.trim()).filter(Boolean);
  return entries?.at(-1);
}
