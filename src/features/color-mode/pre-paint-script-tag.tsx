"use client";

import { PRE_PAINT_SCRIPT } from "./pre-paint-script";

// The script only matters in the server's HTML. Where React renders it in the browser (a 404 the
// browser renders from its payload), an executable <script> would only earn React's "Encountered a
// script tag" error: there it is an inert data block. The hash covers the text, not the type.
const CLIENT_TYPE = typeof window === "undefined" ? undefined : "application/json";

/** The colour-mode pre-paint script (allowed by its hash in every CSP). */
export function PrePaintScriptTag() {
  return <script type={CLIENT_TYPE} dangerouslySetInnerHTML={{ __html: PRE_PAINT_SCRIPT }} suppressHydrationWarning />;
}
