import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { appConfig } from "@/config/app";
import { AppProviders, GradientBackground } from "@/features/root";
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

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // next-themes sets the colour class on <html> before paint, which React did not render.
    <html lang="zh-CN" suppressHydrationWarning>
      <body>
        <AppProviders>
          <GradientBackground>{children}</GradientBackground>
        </AppProviders>
      </body>
    </html>
  );
}
