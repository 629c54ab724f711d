import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { appConfig } from "@/config/app";
import { isCrawler } from "@/features/errors";
import { AppProviders, GradientBackground } from "@/features/root";
import { NONCE_HEADER } from "@/features/security";
import "./globals.css";

export const metadata: Metadata = {
  title: { template: `%s - ${appConfig.name}`, default: appConfig.name },
  description: appConfig.description,
  applicationName: appConfig.name,
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: appConfig.themeColor.light },
    { media: "(prefers-color-scheme: dark)", color: appConfig.themeColor.dark },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The proxy's per-request CSP nonce, for the one inline script we render ourselves (next-themes').
  // Reading a request header renders every page per request: a nonce cannot be baked into static HTML.
  const requestHeaders = await headers();
  const nonce = requestHeaders.get(NONCE_HEADER) ?? undefined;
  // Error boundaries show crawlers a plain error (SPEC §8): decided here, so browsers need no bot list.
  const crawler = isCrawler(requestHeaders.get("user-agent"));
  return (
    // next-themes sets the colour class on <html> before paint, which React did not render.
    <html lang="zh-CN" suppressHydrationWarning>
      <body>
        <AppProviders nonce={nonce} crawler={crawler}>
          <GradientBackground>{children}</GradientBackground>
        </AppProviders>
      </body>
    </html>
  );
}
