import type { Metadata } from "next";
import type { ReactNode } from "react";
import { appConfig } from "@/config/app";
import { MarketingAccountActions } from "@/features/auth";
import { SiteFilingsFooter } from "@/features/compliance/components/site-filings";
import { MarketingShell } from "@/features/layouts";
import { ogImagePath, OG_IMAGE_SIZE } from "@/features/marketing";
import { getEnv } from "@/lib/env";

// Canonical URLs and Open Graph images resolve against SITE_URL (read at build time: pages are static).
export const metadata: Metadata = {
  metadataBase: new URL(getEnv().SITE_URL),
  openGraph: {
    siteName: appConfig.name,
    locale: "zh_CN",
    type: "website",
    images: [{ url: ogImagePath("/"), ...OG_IMAGE_SIZE }],
  },
};

/** Marketing layout: header, page, footer. */
export default function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <MarketingShell account={{ header: <MarketingAccountActions place="header" />, drawer: <MarketingAccountActions place="drawer" /> }}>
        {children}
      </MarketingShell>
      <SiteFilingsFooter />
    </>
  );
}
