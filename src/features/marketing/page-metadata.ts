import type { Metadata } from "next";
import { appConfig } from "@/config/app";
import { OG_IMAGE_SIZE, ogImagePath } from "./og-path";

type PageMetadataInput = {
  /** Page title; the root template adds " - 思维火花". */
  title: string;
  description: string;
  /** Canonical path of the page. */
  path: string;
  /** Whose Open Graph image to use (default: the page's own). */
  ogPath?: string;
  /** For the home page, whose title is not templated. */
  absoluteTitle?: boolean;
  type?: "website" | "article";
  publishedTime?: string;
};

/** Title, description, canonical URL and Open Graph / Twitter cards of a marketing page. */
export function pageMetadata(input: PageMetadataInput): Metadata {
  const fullTitle = input.absoluteTitle ? input.title : `${input.title} - ${appConfig.name}`;
  const image = { url: ogImagePath(input.ogPath ?? input.path), ...OG_IMAGE_SIZE, alt: fullTitle };
  return {
    title: input.absoluteTitle ? { absolute: input.title } : input.title,
    description: input.description,
    alternates: { canonical: input.path },
    openGraph: {
      title: fullTitle,
      description: input.description,
      url: input.path,
      siteName: appConfig.name,
      locale: "zh_CN",
      type: input.type ?? "website",
      ...(input.publishedTime ? { publishedTime: input.publishedTime } : {}),
      images: [image],
    },
    twitter: { card: "summary_large_image", title: fullTitle, description: input.description, images: [image.url] },
  };
}
