import type { ReactNode } from "react";
import { AppPageShell } from "@/features/layouts";
import { SiteFilingsFooter } from "@/features/compliance/components/site-filings";

/** The checkout page uses the default layout (the slim app-page shell). */
export default function Layout({ children }: { children: ReactNode }) {
  return <AppPageShell footer={<SiteFilingsFooter />}>{children}</AppPageShell>;
}
