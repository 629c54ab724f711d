"use client";

import { usePathname } from "next/navigation";
import { notFoundMessage } from "../error-copy";
import { ErrorScreen } from "./error-screen";
import { PlainError } from "./plain-error";
import { useIsCrawler } from "./crawler-context";

/**
 * The root 404, shown when a page calls notFound() during client navigation. It reads the path in
 * the browser so that it needs no request data and every static page stays static. Requests for
 * unknown URLs are answered by the catch-all route's server-rendered `NotFoundScreen` instead.
 */
export function BrowserNotFoundScreen() {
  const pathname = usePathname();
  const crawler = useIsCrawler();
  const message = notFoundMessage.unknownRoute(pathname);
  if (crawler) return <PlainError statusCode={404} message={message} />;
  return <ErrorScreen statusCode={404} message={message} />;
}
