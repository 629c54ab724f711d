import { layoutCopy } from "./copy";
import { DashboardNav } from "./dashboard-nav";
import type { NavGroup } from "./nav";
import { SiteLogo } from "./site-logo";

/** The dashboard's left sidebar from md up (below md the same links live in a drawer). */
export function DashboardSidebar({ nav, label = layoutCopy.dashboard.sidebarLabel }: { nav?: readonly NavGroup[]; label?: string }) {
  return (
    <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r bg-background/70 backdrop-blur md:flex">
      <div className="flex h-16 items-center border-b px-5">
        <SiteLogo />
      </div>
      <nav aria-label={label} className="flex-1 overflow-y-auto px-3 py-5">
        <DashboardNav groups={nav} />
      </nav>
    </aside>
  );
}
