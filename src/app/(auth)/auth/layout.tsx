import type { ReactNode } from "react";
import { AuthShell } from "@/features/layouts";
import { SiteFilingsFooter } from "@/features/compliance/components/site-filings";

/** Auth layout (saas-auth): logo and one centred card. */
export default function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <AuthShell>{children}</AuthShell>
      <SiteFilingsFooter />
    </>
  );
}
