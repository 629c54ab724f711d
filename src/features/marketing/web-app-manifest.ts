import type { MetadataRoute } from "next";
import { appConfig } from "@/config/app";

/** The PNG icons /app-icons/{name} draws (app-icon.tsx): Android wants 192 and 512, plus a maskable one. */
export const APP_ICONS = {
  "192": { size: 192, maskable: false },
  "512": { size: 512, maskable: false },
  "maskable-512": { size: 512, maskable: true },
} as const;
export type AppIconName = keyof typeof APP_ICONS;

export function isAppIconName(name: string): name is AppIconName {
  return Object.hasOwn(APP_ICONS, name);
}

/**
 * `/manifest.webmanifest`: what a phone needs to add the site to its home screen as an app (name,
 * icons, standalone window). It opens on the dashboard; a signed-out visitor is sent to sign in first.
 */
export function webAppManifest(): MetadataRoute.Manifest {
  return {
    id: "/",
    name: appConfig.name,
    short_name: appConfig.name,
    description: appConfig.description,
    lang: "zh-CN",
    start_url: "/dashboard",
    scope: "/",
    display: "standalone",
    background_color: appConfig.themeColor.light,
    theme_color: appConfig.themeColor.light,
    icons: [
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
      ...Object.entries(APP_ICONS).map(([name, icon]) => ({
        src: `/app-icons/${name}`,
        sizes: `${icon.size}x${icon.size}`,
        type: "image/png",
        purpose: icon.maskable ? ("maskable" as const) : ("any" as const),
      })),
    ],
  };
}
