import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { getAdjacentPosts, getAllPosts } from "./blog/posts";
import { getChangelog } from "./changelog";
import { getAdjacentDocs, getAllDocs, getDoc, getDocTree } from "./docs/docs";
import { blogFrontMatterSchema, docFrontMatterSchema } from "./front-matter";
import { splitSections } from "./headings";
import { getLegalDocument } from "./legal";
import { InvalidContentError, loadCollection, parseContent } from "./load-collection";
import { renderMdx } from "./mdx/render-mdx";

describe("the content of this site", () => {
  it("has at least three published posts, newest first, with reading time and existing covers", async () => {
    const { existsSync } = await import("node:fs");
    const posts = getAllPosts();
    expect(posts.length).toBeGreaterThanOrEqual(3);
    expect(posts.map((post) => post.date)).toEqual([...posts.map((post) => post.date)].sort().reverse());
    for (const post of posts) {
      expect(post.readingMinutes).toBeGreaterThanOrEqual(1);
      expect(existsSync(path.join("public", post.cover)), post.cover).toBe(true);
    }
    const [newest, second] = posts;
    expect(getAdjacentPosts(newest!.slug)).toEqual({ newer: undefined, older: second });
  });

  it("has the docs the product needs, in sidebar order, with previous / next", () => {
    const hrefs = getAllDocs().map((doc) => doc.href);
    for (const href of ["/docs", "/docs/quick-start", "/docs/using-ai-apps", "/docs/guides/dify-apps", "/docs/guides/model-apps", "/docs/guides/supabase-postgres", "/docs/guides/payments", "/docs/guides/deployment", "/docs/guides/operator-console", "/docs/api", "/docs/api/openai"]) {
      expect(hrefs).toContain(href);
    }
    expect(hrefs[0]).toBe("/docs");
    expect(hrefs[1]).toBe("/docs/quick-start");
    expect(getAdjacentDocs(["quick-start"]).previous?.href).toBe("/docs");
    expect(getAdjacentDocs(["quick-start"]).next?.href).toBe("/docs/using-ai-apps");
    const guides = getDocTree().find((node) => node.href === "/docs/guides");
    expect(guides?.children.map((child) => child.href)).toEqual([
      "/docs/guides/dify-apps",
      "/docs/guides/model-apps",
      "/docs/guides/supabase-postgres",
      "/docs/guides/wechat-login",
      "/docs/guides/sms",
      "/docs/guides/payments",
      "/docs/guides/china-payments",
      "/docs/guides/wechat-pay",
      "/docs/guides/alipay",
      "/docs/guides/wallet-and-prices",
      "/docs/guides/deployment",
      "/docs/guides/operator-console",
    ]);
    expect(getDoc(["nope"])).toBeUndefined();
  });

  it("lists the changelog newest first and has both legal documents", () => {
    const dates = getChangelog().map((entry) => entry.date);
    expect(dates.length).toBeGreaterThanOrEqual(2);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(getLegalDocument("terms").title).toBe("服务条款");
    expect(getLegalDocument("privacy").title).toBe("隐私政策");
  });

  it("renders every doc, and each table-of-contents anchor exists in the rendered page", async () => {
    for (const doc of getAllDocs()) {
      const html = renderToStaticMarkup(await renderMdx(doc.body));
      for (const entry of splitSections(doc.body).toc) {
        expect(html, `${doc.href}#${entry.id}`).toContain(`id="${entry.id}"`);
      }
    }
  });

  it("renders every post, changelog entry and legal document", async () => {
    const bodies = [...getAllPosts(), ...getChangelog(), getLegalDocument("terms"), getLegalDocument("privacy")].map((item) => item.body);
    for (const body of bodies) expect(renderToStaticMarkup(await renderMdx(body)).length).toBeGreaterThan(100);
  });
});

describe("front matter validation", () => {
  const post = (frontMatter: string) => `---\n${frontMatter}\n---\n\n正文`;
  const valid = "title: 标题\ndate: 2026-11-01\nsummary: 摘要\ncover: /blog/covers/a.webp\ncoverAlt: 图\ntags: [guide]";

  it("accepts a valid post and normalises its date", () => {
    const { frontMatter, body } = parseContent(blogFrontMatterSchema, post(valid), "a.mdx");
    expect(frontMatter).toMatchObject({ date: "2026-11-01", tags: ["guide"], author: "思维火花团队", draft: false });
    expect(body.trim()).toBe("正文");
  });

  it("names the file and every problem", () => {
    const broken = post("title: 标题\ndate: \"2026-13-45\"\nsummary: 摘要\ncover: https://x/a.png\ncoverAlt: 图\ntags: [nope]\nextra: 1");
    expect(() => parseContent(blogFrontMatterSchema, broken, "content/blog/x.mdx")).toThrow(InvalidContentError);
    try {
      parseContent(blogFrontMatterSchema, broken, "content/blog/x.mdx");
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("content/blog/x.mdx");
      for (const field of ["date", "cover", "tags", "extra"]) expect(message).toContain(field);
    }
  });

  it("refuses file names that cannot be URLs", () => {
    const root = mkdtempSync(path.join(tmpdir(), "content-"));
    mkdirSync(path.join(root, "docs"));
    writeFileSync(path.join(root, "docs", "Bad Name.mdx"), "---\ntitle: t\ndescription: d\n---\n");
    expect(() => loadCollection("docs", docFrontMatterSchema, root)).toThrow(/只能包含小写字母/);
  });
});
