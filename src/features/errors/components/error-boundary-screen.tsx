"use client";

import { Suspense, useEffect } from "react";
import { isChunkLoadError, reloadOnce } from "@/features/version";
import { screenOnDemand } from "./screen-on-demand";

export type ErrorBoundaryProps = { error: Error & { digest?: string; statusCode?: number }; reset: () => void };

const ErrorBoundaryContent = screenOnDemand(() => import("./error-boundary-content"));

/**
 * What an error boundary (`error.tsx`, `global-error.tsx`) renders for a thrown error. The reaction
 * to the error stays here, in the boundary's own chunk: when the error is a chunk of an older build
 * gone after a deploy, the screen's chunk may be gone as well.
 */
export function ErrorBoundaryScreen(props: ErrorBoundaryProps) {
  const { error } = props;

  useEffect(() => {
    // A fresh page load fetches the new build's chunks.
    if (isChunkLoadError(error)) reloadOnce();
    else console.error(error);
  }, [error]);

  return (
    <Suspense fallback={null}>
      <ErrorBoundaryContent {...props} />
    </Suspense>
  );
}
