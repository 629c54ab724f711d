"use client";

import { usePathname } from "next/navigation";
import { notFoundMessage } from "../error-copy";
import { ErrorScreen } from "./error-screen";
import { PlainError } from "./plain-error";
import { useIsCrawler } from "./crawler-context";

/** The root 404's screen, loaded on demand by `BrowserNotFoundScreen`. */
export default function BrowserNotFoundContent() {
  const pathname = usePathname();
  const crawler = useIsCrawler();
  const message = notFoundMessage.unknownRoute(pathname);
  if (crawler) return <PlainError statusCode={404} message={message} />;
  return <ErrorScreen statusCode={404} message={message} />;
}
