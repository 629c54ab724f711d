import type { ReactNode } from "react";
import { layoutCopy } from "./copy";
import { SignedOutLinks } from "./marketing-account-links";
import { MarketingMobileNav } from "./marketing-mobile-nav";
import { MarketingNavLinks } from "./marketing-nav-links";
import { SiteLogo } from "./site-logo";
import { ThemeToggle } from "./theme-toggle";

export type MarketingAccountSlots = {
  /** The header's account actions (登录 / 免费注册, or 控制台 and the user menu when signed in). */
  header?: ReactNode;
  /** The same in the mobile drawer. */
  drawer?: ReactNode;
};

/** Sticky glass header of the marketing pages; the links move into a drawer below md. */
export function MarketingHeader({ account }: { account?: MarketingAccountSlots }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/70 backdrop-blur supports-[backdrop-filter]:bg-background/60">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-4 px-4 sm:px-6">
        <SiteLogo />
        <nav aria-label={layoutCopy.mainNavLabel} className="hidden md:block">
          <MarketingNavLinks />
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          {account?.header ?? <SignedOutLinks place="header" />}
          <MarketingMobileNav account={account?.drawer ?? <SignedOutLinks place="drawer" />} />
        </div>
      </div>
    </header>
  );
}
