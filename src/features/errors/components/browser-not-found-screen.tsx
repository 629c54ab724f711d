"use client";

import { Suspense } from "react";
import { screenOnDemand } from "./screen-on-demand";

const BrowserNotFoundContent = screenOnDemand(() => import("./browser-not-found-content"));

/**
 * The root 404, shown when a page calls notFound(). It reads the path in the browser, so it needs
 * no request data. Requests for unknown URLs are answered by the catch-all route's server-rendered
 * `NotFoundScreen` instead.
 */
export function BrowserNotFoundScreen() {
  return (
    <Suspense fallback={null}>
      <BrowserNotFoundContent />
    </Suspense>
  );
}
