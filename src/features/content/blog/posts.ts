import { blogFrontMatterSchema, type BlogFrontMatter } from "../front-matter";
import { loadCollection } from "../load-collection";
import { readingMinutes } from "../reading-time";

export type BlogPost = BlogFrontMatter & {
  /** URL path below /blog, e.g. "getting-started". */
  slug: string;
  href: string;
  readingMinutes: number;
  body: string;
};

/** Path segments that /blog/{path} uses for list pages, so no post may take them. */
export const reservedBlogSlugs = ["page", "tags", "rss.xml"] as const;

let cached: BlogPost[] | undefined;

/** Published posts, newest first (ties by title). Drafts are left out. */
export function getAllPosts(): BlogPost[] {
  cached ??= loadCollection("blog", blogFrontMatterSchema)
    .map(({ segments, frontMatter, body, file }) => {
      const slug = segments.join("/");
      if (!slug || reservedBlogSlugs.some((reserved) => segments[0] === reserved)) {
        throw new Error(`${file}: 博客文章不能使用保留路径 “${segments[0] ?? "index"}”`);
      }
      return { ...frontMatter, slug, href: `/blog/${slug}`, readingMinutes: readingMinutes(body), body };
    })
    .filter((post) => !post.draft)
    .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title, "zh-CN"));
  return cached;
}

export function getPost(slug: string): BlogPost | undefined {
  return getAllPosts().find((post) => post.slug === slug);
}

/** The newer and the older neighbour of a post in the list. */
export function getAdjacentPosts(slug: string): { newer?: BlogPost; older?: BlogPost } {
  const posts = getAllPosts();
  const index = posts.findIndex((post) => post.slug === slug);
  if (index < 0) return {};
  return { newer: posts[index - 1], older: posts[index + 1] };
}
