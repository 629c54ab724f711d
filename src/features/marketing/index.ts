// Marketing pages: home sections, AI showcase, page metadata (client-safe). Server parts: ./server.
export { aiAppHref, aiAppKindLabels } from "./ai-app-link";
export type { AiAppKind, PublicAiApp } from "@/features/ai-apps";
export { marketingCopy } from "./copy";
export { OG_IMAGE_SIZE, ogImagePath, pagePathOfOgKey } from "./og-path";
export { pageMetadata } from "./page-metadata";
export { renderRss, type FeedItem } from "./rss";
export { sitemapEntries } from "./sitemap-entries";
export { APP_ICONS, isAppIconName, webAppManifest, type AppIconName } from "./web-app-manifest";
