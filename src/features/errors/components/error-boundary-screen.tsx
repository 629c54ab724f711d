"use client";

import { useEffect } from "react";
import { isChunkLoadError, reloadOnce } from "@/features/version";
import { errorCopy } from "../error-copy";
import { ErrorScreen } from "./error-screen";
import { PlainError } from "./plain-error";
import { useIsCrawler } from "./crawler-context";

type RouteError = Error & { digest?: string; statusCode?: number };

/** What an error boundary (`error.tsx`, `global-error.tsx`) renders for a thrown error. */
export function ErrorBoundaryScreen({ error, reset }: { error: RouteError; reset: () => void }) {
  const crawler = useIsCrawler();

  useEffect(() => {
    // A chunk from an older build is gone after a deploy: a fresh page load fetches the new one.
    if (isChunkLoadError(error)) reloadOnce();
    else console.error(error);
  }, [error]);

  const statusCode = typeof error.statusCode === "number" ? error.statusCode : 500;
  // Server errors reach the browser with their message stripped in production (only a digest).
  const message = error.digest ? errorCopy.genericMessage : error.message || errorCopy.genericMessage;

  if (crawler) return <PlainError statusCode={statusCode} message={message} />;
  return <ErrorScreen statusCode={statusCode} message={message} onClear={reset} />;
}
