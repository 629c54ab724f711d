/**
 * Browsers and crawlers still ask for /favicon.ico whatever the page links: send them to the site's
 * icon (an SVG, which every current browser draws) instead of a 404. A relative Location, so it
 * holds behind any proxy.
 */
export function GET(): Response {
  return new Response(null, { status: 301, headers: { Location: "/icon.svg", "Cache-Control": "public, max-age=86400" } });
}
