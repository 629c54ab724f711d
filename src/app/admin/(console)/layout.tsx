import type { ReactNode } from "react";
import { adminCopy, adminNav, ReauthProvider } from "@/features/admin";
import { requireAdminPage } from "@/features/admin/server";
import { DashboardUserMenu } from "@/features/auth";
import { DashboardShell } from "@/features/layouts";
import { SiteFilingsFooter } from "@/features/compliance/components/site-filings";

/** The operator console (src/features/admin): the dashboard's shell with the console's sections. */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const admin = await requireAdminPage();
  return (
    <>
      <DashboardShell userMenu={<DashboardUserMenu />} nav={adminNav} navLabel={adminCopy.navLabel}>
        <ReauthProvider email={admin.email} hasMfa={admin.aal2}>
          {children}
        </ReauthProvider>
      </DashboardShell>
      <SiteFilingsFooter />
    </>
  );
}
