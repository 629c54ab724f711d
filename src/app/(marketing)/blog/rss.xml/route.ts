import { blogTagLabel } from "@/features/content";
import { getAllPosts } from "@/features/content/server";
import { renderRss } from "@/features/marketing";
import { siteUrl } from "@/features/marketing/server";

export const dynamic = "force-static";

/** /blog/rss.xml: the blog as RSS 2.0, generated at build time. */
export function GET() {
  const items = getAllPosts().map((post) => ({ ...post, tags: post.tags.map(blogTagLabel) }));
  return new Response(renderRss(siteUrl(), items), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8" },
  });
}
