import type { Metadata } from "next";
import { appConfig } from "@/config/app";
import { OG_IMAGE_SIZE, ogImagePath } from "@/features/marketing";
import type { SharedConversation } from "./types";

/**
 * The card a shared link shows when it is sent in WeChat (or any app that reads Open Graph): title,
 * a description that names the app and the length but quotes no message, and the site's card image
 * as an absolute URL (`siteUrl`: SITE_URL, read per request). WeChat's own share menu needs its
 * JS-SDK signed by a 公众号 for a custom card; pasted links and other apps read these tags.
 */
export function shareCardMetadata(share: Pick<SharedConversation, "title" | "appName" | "messages">, siteUrl: string): Metadata {
  const title = `${share.title} - ${appConfig.name}`;
  const description = `与「${share.appName}」的 AI 对话，共 ${share.messages.length} 轮问答。分享自${appConfig.name}：${appConfig.description}。`;
  const image = { url: ogImagePath("/"), ...OG_IMAGE_SIZE, alt: appConfig.name };
  return {
    metadataBase: new URL(siteUrl),
    description,
    openGraph: { title, description, siteName: appConfig.name, locale: "zh_CN", type: "article", images: [image] },
    twitter: { card: "summary_large_image", title, description, images: [image.url] },
  };
}
