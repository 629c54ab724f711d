import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { appConfig } from "@/config/app";
import { PrePaintScriptTag } from "@/features/color-mode";
import { AppProviders, GradientBackground } from "@/features/root";
import "./globals.css";

export const metadata: Metadata = {
  title: { template: `%s - ${appConfig.name}`, default: appConfig.name },
  description: appConfig.description,
  applicationName: appConfig.name,
  // 添加到主屏幕 on iOS (the manifest, src/app/manifest.ts, serves the others).
  appleWebApp: { capable: true, title: appConfig.name, statusBarStyle: "default" },
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: appConfig.themeColor.light },
    { media: "(prefers-color-scheme: dark)", color: appConfig.themeColor.dark },
  ],
};

// Reads no request headers: the marketing pages are prerendered. The CSP allows the one inline script
// rendered here by its hash (no nonce needed); error boundaries decide "crawler?" in the browser.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The pre-paint script sets the colour class on <html> before paint, which React did not render.
    <html lang="zh-CN" suppressHydrationWarning>
      <head>
        <PrePaintScriptTag />
      </head>
      <body>
        <AppProviders>
          <GradientBackground>{children}</GradientBackground>
        </AppProviders>
      </body>
    </html>
  );
}
