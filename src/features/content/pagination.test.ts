import { describe, expect, it } from "vitest";
import { pageNumbers, paginate } from "./pagination";
import { blogListHref, blogStaticPaths, parseBlogPath } from "./blog/routes";

describe("paginate", () => {
  const items = Array.from({ length: 13 }, (_, index) => index);

  it("slices pages and counts them", () => {
    expect(paginate(items, 1, 6)).toEqual({ items: [0, 1, 2, 3, 4, 5], page: 1, totalPages: 3, totalItems: 13 });
    expect(paginate(items, 3, 6)?.items).toEqual([12]);
  });

  it("has no page 0, no page past the end and no fractional page", () => {
    expect(paginate(items, 0, 6)).toBeUndefined();
    expect(paginate(items, 4, 6)).toBeUndefined();
    expect(paginate(items, 1.5, 6)).toBeUndefined();
  });

  it("gives an empty list one (empty) page", () => {
    expect(paginate([], 1, 6)).toEqual({ items: [], page: 1, totalPages: 1, totalItems: 0 });
    expect(pageNumbers(0, 6)).toEqual([1]);
    expect(pageNumbers(13, 6)).toEqual([1, 2, 3]);
  });
});

describe("blog paths", () => {
  it("reads posts, list pages and tag pages", () => {
    expect(parseBlogPath(["connect-dify"])).toEqual({ kind: "post", slug: "connect-dify" });
    expect(parseBlogPath(["2026", "hello"])).toEqual({ kind: "post", slug: "2026/hello" });
    expect(parseBlogPath(["page", "2"])).toEqual({ kind: "list", page: 2 });
    expect(parseBlogPath(["tags", "dify"])).toEqual({ kind: "list", page: 1, tag: "dify" });
    expect(parseBlogPath(["tags", "dify", "page", "3"])).toEqual({ kind: "list", page: 3, tag: "dify" });
  });

  it("refuses shapes that are not ours (page 1 lives at /blog, unknown tags, junk)", () => {
    expect(parseBlogPath(["page", "1"])).toBeUndefined();
    expect(parseBlogPath(["page", "x"])).toBeUndefined();
    expect(parseBlogPath(["tags", "nope"])).toBeUndefined();
    expect(parseBlogPath(["tags", "dify", "page", "1"])).toBeUndefined();
    expect(parseBlogPath([])).toBeUndefined();
  });

  it("builds list URLs and the static paths of every list page", () => {
    expect(blogListHref(1)).toBe("/blog");
    expect(blogListHref(2)).toBe("/blog/page/2");
    expect(blogListHref(2, "guide")).toBe("/blog/tags/guide/page/2");
    const posts = Array.from({ length: 8 }, (_, index) => ({ slug: `p${index}`, tags: index === 0 ? (["dify"] as const) : (["guide"] as const) }));
    const paths = blogStaticPaths(posts).map((path) => path.join("/"));
    expect(paths).toContain("p7");
    expect(paths).toContain("page/2");
    expect(paths).toContain("tags/dify");
    expect(paths).toContain("tags/guide");
    expect(paths).toContain("tags/guide/page/2");
    expect(paths).not.toContain("tags/deploy");
    expect(paths).not.toContain("page/3");
  });
});
