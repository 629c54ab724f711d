import type { ReactNode } from "react";
import { MarketingFooter } from "./marketing-footer";
import { MarketingHeader, type MarketingAccountSlots } from "./marketing-header";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";

/** The marketing layout: header, the page, footer. Transparent, so the root gradient shows through. */
export function MarketingShell({ children, account }: { children: ReactNode; account?: MarketingAccountSlots }) {
  return (
    <div className="flex flex-1 flex-col">
      <SkipLink />
      <MarketingHeader account={account} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
      <MarketingFooter />
    </div>
  );
}
