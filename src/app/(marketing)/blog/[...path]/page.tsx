import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { blogListHref, blogTagLabel, contentCopy, parseBlogPath } from "@/features/content";
import { BlogList } from "@/features/content/components/blog-list";
import { PostArticle } from "@/features/content/components/post-article";
import { blogStaticPaths, getAllPosts, getPost } from "@/features/content/server";
import { pageMetadata } from "@/features/marketing";

type Props = { params: Promise<{ path: string[] }> };

// Posts, list pages and tag pages are all known at build time; anything else is a 404.
export const dynamicParams = false;

export function generateStaticParams() {
  return blogStaticPaths(getAllPosts()).map((path) => ({ path }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const route = parseBlogPath((await params).path);
  const copy = contentCopy.blog;
  if (route?.kind === "post") {
    const post = getPost(route.slug);
    if (!post) return {};
    return pageMetadata({ title: post.title, description: post.summary, path: post.href, type: "article", publishedTime: post.date });
  }
  if (route?.kind === "list") {
    const title = copy.pageTitle(route.tag ? copy.tagTitle(blogTagLabel(route.tag)) : copy.title, route.page);
    return pageMetadata({ title, description: copy.description, path: blogListHref(route.page, route.tag), ogPath: "/blog" });
  }
  return {};
}

export default async function BlogPathPage({ params }: Props) {
  const route = parseBlogPath((await params).path);
  if (route?.kind === "list") return <BlogList page={route.page} tag={route.tag} />;
  const post = route?.kind === "post" ? getPost(route.slug) : undefined;
  if (!post) notFound();
  return <PostArticle post={post} />;
}
