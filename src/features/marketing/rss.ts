import { appConfig } from "@/config/app";

export type FeedItem = { title: string; href: string; summary: string; date: string; tags: readonly string[] };

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char] ?? char);

/** An RSS 2.0 document of the blog (newest first, as given). */
export function renderRss(siteUrl: string, items: readonly FeedItem[]): string {
  const channelLink = `${siteUrl}/blog`;
  const entries = items
    .map((item) => {
      const link = `${siteUrl}${item.href}`;
      return [
        "    <item>",
        `      <title>${escapeXml(item.title)}</title>`,
        `      <link>${escapeXml(link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `      <description>${escapeXml(item.summary)}</description>`,
        `      <pubDate>${new Date(`${item.date}T00:00:00+08:00`).toUTCString()}</pubDate>`,
        ...item.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  const lastBuild = items[0] ? `\n    <lastBuildDate>${new Date(`${items[0].date}T00:00:00+08:00`).toUTCString()}</lastBuildDate>` : "";
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(`${appConfig.name} 博客`)}</title>
    <link>${escapeXml(channelLink)}</link>
    <description>${escapeXml(`${appConfig.name}：${appConfig.description}。产品、AI 应用与部署实践。`)}</description>
    <language>zh-CN</language>
    <atom:link href="${escapeXml(`${siteUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>${lastBuild}
${entries}
  </channel>
</rss>
`;
}
