import "server-only";
import { getAllDocs, getAllPosts, getChangelog } from "@/features/content/server";

export type SitePage = {
  path: string;
  title: string;
  /** Latin label for the Open Graph image (see og-image.tsx for why Latin). */
  section: "HOME" | "AI APPS" | "BLOG" | "DOCS" | "CHANGELOG" | "LEGAL" | "PRICING";
  /** YYYY-MM-DD when known. */
  lastModified?: string;
  changeFrequency: "daily" | "weekly" | "monthly" | "yearly";
  priority: number;
};

/** Every public marketing page: fixed pages, each blog post, each doc. Feeds the sitemap and the OG images. */
export function listSitePages(): SitePage[] {
  const posts = getAllPosts();
  const latestRelease = getChangelog()[0]?.date;
  const fixed: SitePage[] = [
    { path: "/", title: "快速接入AI工作流", section: "HOME", changeFrequency: "weekly", priority: 1 },
    { path: "/ai", title: "AI 应用", section: "AI APPS", changeFrequency: "weekly", priority: 0.9 },
    { path: "/pricing", title: "价格", section: "PRICING", changeFrequency: "monthly", priority: 0.8 },
    { path: "/blog", title: "博客", section: "BLOG", lastModified: posts[0]?.date, changeFrequency: "weekly", priority: 0.7 },
    { path: "/docs", title: "文档", section: "DOCS", changeFrequency: "weekly", priority: 0.8 },
    { path: "/changelog", title: "更新日志", section: "CHANGELOG", lastModified: latestRelease, changeFrequency: "weekly", priority: 0.5 },
    { path: "/legal/terms", title: "服务条款", section: "LEGAL", changeFrequency: "yearly", priority: 0.3 },
    { path: "/legal/privacy", title: "隐私政策", section: "LEGAL", changeFrequency: "yearly", priority: 0.3 },
    { path: "/legal/report", title: "投诉举报", section: "LEGAL", changeFrequency: "yearly", priority: 0.3 },
  ];
  const postPages = posts.map<SitePage>((post) => ({
    path: post.href,
    title: post.title,
    section: "BLOG",
    lastModified: post.date,
    changeFrequency: "monthly",
    priority: 0.6,
  }));
  const docPages = getAllDocs()
    .filter((doc) => doc.slug.length > 0) // /docs itself is among the fixed pages
    .map<SitePage>((doc) => ({ path: doc.href, title: doc.title, section: "DOCS", changeFrequency: "monthly", priority: 0.7 }));
  return [...fixed, ...postPages, ...docPages];
}
