import type { ReactNode } from "react";
import { DashboardSidebar } from "./dashboard-sidebar";
import { DashboardTopBar } from "./dashboard-top-bar";
import type { NavGroup } from "./nav";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";
import { UserMenu } from "./user-menu";

type DashboardShellProps = {
  children: ReactNode;
  /**
   * The account menu in the top bar. Defaults to a signed-out `<UserMenu />`; the accounts work can
   * pass a client component that renders `<UserMenu user={…} onSignOut={…} />` from the session.
   */
  userMenu?: ReactNode;
  /** The sidebar's links and their landmark name; the dashboard's by default (the operator console has its own). */
  nav?: readonly NavGroup[];
  navLabel?: string;
};

/** The dashboard layout: sidebar (drawer below md), top bar, the page. */
export function DashboardShell({ children, userMenu, nav, navLabel }: DashboardShellProps) {
  return (
    <div className="flex flex-1">
      <SkipLink />
      <DashboardSidebar nav={nav} label={navLabel} />
      <div className="flex min-w-0 flex-1 flex-col">
        <DashboardTopBar userMenu={userMenu ?? <UserMenu />} nav={nav} navLabel={navLabel} />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
          <div className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6 lg:px-8">{children}</div>
        </main>
      </div>
    </div>
  );
}
