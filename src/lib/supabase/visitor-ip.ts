/**
 * The visitor's IP as this server saw it, for the auth service's per-IP rate limits: the LAST entry
 * of X-Forwarded-For. `next start` fills that header with the socket peer only when the request has
 * none (`??=` in Next's base server), and a reverse proxy appends the peer it saw; either way the last
 * entry is written by a hop we run, while earlier ones are whatever the client sent. (Exposing
 * `next start` directly keeps a client's own header — production belongs behind a proxy that
 * appends or overwrites it.)
 */
export function visitorIp(headers: Headers): string | undefined {
  const entries = headers.get("x-forwarded-for")?.split(",").map((entry) => entry.trim()).filter(Boolean);
  return entries?.at(-1);
}
