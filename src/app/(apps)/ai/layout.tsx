import type { ReactNode } from "react";
import { AppPageShell } from "@/features/layouts";
import { SiteFilingsFooter } from "@/features/compliance/components/site-filings";

/** Default layout of the AI application pages. */
export default function Layout({ children }: { children: ReactNode }) {
  return <AppPageShell footer={<SiteFilingsFooter />}>{children}</AppPageShell>;
}
