import type { ReactNode } from "react";
import { MarketingFooter } from "./marketing-footer";
import { MarketingHeader } from "./marketing-header";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";

/** The marketing layout: header, the page, footer. Transparent, so the root gradient shows through. */
export function MarketingShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col">
      <SkipLink />
      <MarketingHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
      <MarketingFooter />
    </div>
  );
}
