"use client";

import { errorCopy } from "../error-copy";
import { ErrorScreen } from "./error-screen";
import { PlainError } from "./plain-error";
import { useIsCrawler } from "./crawler-context";
import type { ErrorBoundaryProps } from "./error-boundary-screen";

/**
 * What an error boundary (`error.tsx`, `global-error.tsx`) renders for a thrown error. Loaded on
 * demand by `ErrorBoundaryScreen`, which also reports the error.
 */
export default function ErrorBoundaryContent({ error, reset }: ErrorBoundaryProps) {
  const crawler = useIsCrawler();

  const statusCode = typeof error.statusCode === "number" ? error.statusCode : 500;
  // Server errors reach the browser with their message stripped in production (only a digest).
  const message = error.digest ? errorCopy.genericMessage : error.message || errorCopy.genericMessage;

  if (crawler) return <PlainError statusCode={statusCode} message={message} />;
  return <ErrorScreen statusCode={statusCode} message={message} onClear={reset} />;
}
