import type { ReactNode } from "react";
import { DashboardMobileNav } from "./dashboard-mobile-nav";
import type { NavGroup } from "./nav";
import { SiteLogo } from "./site-logo";
import { ThemeToggle } from "./theme-toggle";

/** The dashboard's sticky top bar: drawer button and logo below md, colour toggle and user menu. */
export function DashboardTopBar({ userMenu, nav, navLabel }: { userMenu: ReactNode; nav?: readonly NavGroup[]; navLabel?: string }) {
  return (
    <header className="sticky top-0 z-40 flex h-16 items-center gap-2 border-b bg-background/70 px-4 backdrop-blur sm:px-6">
      <DashboardMobileNav nav={nav} label={navLabel} />
      <SiteLogo className="md:hidden" />
      <div className="ml-auto flex items-center gap-1">
        <ThemeToggle />
        {userMenu}
      </div>
    </header>
  );
}
