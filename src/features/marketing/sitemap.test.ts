import { describe, expect, it } from "vitest";
import sitemap from "@/app/sitemap";
import { getAllDocs, getAllPosts } from "@/features/content/server";
import { ogImagePath, pagePathOfOgKey } from "./og-path";
import { renderRss } from "./rss";
import { listSitePages } from "./site-pages";
import { sitemapEntries } from "./sitemap-entries";

describe("sitemap", () => {
  it("lists every marketing page, every post and every doc as an absolute URL", async () => {
    const urls = (await sitemap()).map((entry) => entry.url);
    const base = "http://localhost:3000"; // SITE_URL's embedded default
    for (const path of ["/", "/ai", "/blog", "/pricing", "/docs", "/changelog", "/legal/terms", "/legal/privacy", "/legal/report"]) {
      expect(urls).toContain(path === "/" ? `${base}/` : `${base}${path}`);
    }
    for (const post of getAllPosts()) expect(urls).toContain(`${base}${post.href}`);
    for (const doc of getAllDocs()) expect(urls).toContain(doc.slug.length ? `${base}${doc.href}` : `${base}/docs`);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it("uses the given site URL and carries dates when known", () => {
    const entries = sitemapEntries("https://spark.example.com", [
      { path: "/", title: "首页", section: "HOME", changeFrequency: "weekly", priority: 1 },
      { path: "/blog/x", title: "x", section: "BLOG", lastModified: "2026-11-01", changeFrequency: "monthly", priority: 0.6 },
    ]);
    expect(entries).toEqual([
      { url: "https://spark.example.com/", changeFrequency: "weekly", priority: 1 },
      { url: "https://spark.example.com/blog/x", lastModified: "2026-11-01", changeFrequency: "monthly", priority: 0.6 },
    ]);
  });
});

describe("Open Graph image paths", () => {
  it("maps every site page to an image path and back", () => {
    expect(ogImagePath("/")).toBe("/og/home");
    expect(ogImagePath("/docs/guides/payments")).toBe("/og/docs/guides/payments");
    for (const page of listSitePages()) {
      const key = ogImagePath(page.path).slice("/og/".length).split("/");
      expect(pagePathOfOgKey(key)).toBe(page.path);
    }
  });
});

describe("RSS", () => {
  it("escapes text and links each post", () => {
    const xml = renderRss("https://spark.example.com", [
      { title: "A & B <新>", href: "/blog/a", summary: "摘要", date: "2026-11-20", tags: ["Dify"] },
    ]);
    expect(xml).toContain("<title>A &amp; B &lt;新&gt;</title>");
    expect(xml).toContain("<link>https://spark.example.com/blog/a</link>");
    expect(xml).toContain("<category>Dify</category>");
    expect(xml).toContain("<language>zh-CN</language>");
    expect(xml).toMatch(/<pubDate>Thu, 19 Nov 2026 16:00:00 GMT<\/pubDate>/);
  });
});
