import { layoutCopy } from "./copy";

export const MAIN_CONTENT_ID = "main-content";

/** First focusable element of every layout: jumps past the header to the page's <main>. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-lg focus:ring-[3px] focus:ring-ring/50 focus:outline-none"
    >
      {layoutCopy.skipToContent}
    </a>
  );
}
