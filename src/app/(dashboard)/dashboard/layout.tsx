import type { ReactNode } from "react";
import { DashboardUserMenu } from "@/features/auth";
import { DashboardShell } from "@/features/layouts";
import { SiteFilingsFooter } from "@/features/compliance/components/site-filings";

/** Dashboard layout (saas-dashboard): sidebar, top bar, page. */
export default function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <DashboardShell userMenu={<DashboardUserMenu />}>{children}</DashboardShell>
      <SiteFilingsFooter />
    </>
  );
}
