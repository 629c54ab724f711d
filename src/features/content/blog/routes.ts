import { pageNumbers } from "../pagination";
import { blogTagSlugs, type BlogTagSlug } from "./tags";

export const BLOG_PAGE_SIZE = 5;

/** What a /blog/{path} URL shows. Page 1 of a list has no /page/1 URL of its own. */
export type BlogRoute =
  | { kind: "post"; slug: string }
  | { kind: "list"; page: number; tag?: BlogTagSlug };

const isTag = (value: string | undefined): value is BlogTagSlug => blogTagSlugs.includes(value as BlogTagSlug);
const pageOf = (value: string | undefined) => (value && /^[1-9]\d{0,3}$/.test(value) ? Number(value) : undefined);

/** Reads the catch-all segments of /blog/{path}; `undefined` when the shape is not one of ours. */
export function parseBlogPath(path: readonly string[]): BlogRoute | undefined {
  const [first, second, third, fourth, ...rest] = path;
  if (first === "page") {
    const page = pageOf(second);
    return page && page > 1 && third === undefined ? { kind: "list", page } : undefined;
  }
  if (first === "tags") {
    if (!isTag(second) || rest.length > 0) return undefined;
    if (third === undefined) return { kind: "list", page: 1, tag: second };
    const page = pageOf(fourth);
    return third === "page" && page && page > 1 ? { kind: "list", page, tag: second } : undefined;
  }
  return path.length > 0 ? { kind: "post", slug: path.join("/") } : undefined;
}

/** The URL of a list page. */
export function blogListHref(page: number, tag?: BlogTagSlug): string {
  const base = tag ? `/blog/tags/${tag}` : "/blog";
  return page > 1 ? `${base}/page/${page}` : base;
}

/** Every /blog/{path} to prerender: posts, list pages after the first, tag pages. */
export function blogStaticPaths(posts: readonly { slug: string; tags: readonly BlogTagSlug[] }[]): string[][] {
  const paths = posts.map((post) => post.slug.split("/"));
  for (const page of pageNumbers(posts.length, BLOG_PAGE_SIZE).slice(1)) paths.push(["page", String(page)]);
  for (const tag of blogTagSlugs) {
    const count = posts.filter((post) => post.tags.includes(tag)).length;
    if (count === 0) continue;
    paths.push(["tags", tag]);
    for (const page of pageNumbers(count, BLOG_PAGE_SIZE).slice(1)) paths.push(["tags", tag, "page", String(page)]);
  }
  return paths;
}
