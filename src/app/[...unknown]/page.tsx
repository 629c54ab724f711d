import { notFound } from "next/navigation";

// The not-found segment's own metadata is ignored by Next.js; the page's applies to its 404.
export const metadata = { title: "页面不存在" };

/**
 * Matches only URLs no other route claims, so their 404 is rendered per request with the path and
 * the visitor's user agent (see not-found.tsx), while every real page stays static.
 * Next.js sends the body of a per-request 404 for the browser to render (vercel/next.js#62228);
 * the status is 404 either way.
 */
export default function UnknownRoute(): never {
  notFound();
}
