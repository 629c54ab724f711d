import { ArrowLeft, ArrowRight } from "lucide-react";
import Image from "next/image";
import { Link } from "@/components/link";
import { getAdjacentPosts, type BlogPost } from "../blog/posts";
import { contentCopy } from "../copy";
import { MdxArticle } from "./mdx-article";
import { PostMeta } from "./post-meta";
import { TagList } from "./tag-list";

/** A blog post: header with cover, the MDX body, then links to the newer and the older post. */
export async function PostArticle({ post }: { post: BlogPost }) {
  const copy = contentCopy.blog;
  const { newer, older } = getAdjacentPosts(post.slug);
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <Link href="/blog" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden className="size-4" />
        {copy.backToList}
      </Link>
      <header className="mt-6 space-y-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{post.title}</h1>
        <p className="text-lg text-muted-foreground">{post.summary}</p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <PostMeta date={post.date} readingMinutes={post.readingMinutes} />
          <TagList tags={post.tags} />
        </div>
      </header>
      <div className="relative mt-8 aspect-[1200/630] overflow-hidden rounded-2xl border bg-muted">
        <Image src={post.cover} alt={post.coverAlt} fill priority sizes="(min-width: 768px) 720px, 100vw" className="object-cover" />
      </div>
      <MdxArticle source={post.body} className="mt-8" />
      <nav aria-label={copy.postNavLabel} className="mt-16 grid gap-4 border-t pt-8 sm:grid-cols-2">
        {newer ? (
          <Link href={newer.href} rel="prev" className="group rounded-xl border p-4 transition-colors hover:bg-accent/60">
            <span className="flex items-center gap-1 text-xs text-muted-foreground">
              <ArrowLeft aria-hidden className="size-3.5" />
              {copy.newer}
            </span>
            <span className="mt-1 block font-medium">{newer.title}</span>
          </Link>
        ) : (
          <span />
        )}
        {older ? (
          <Link href={older.href} rel="next" className="group rounded-xl border p-4 text-right transition-colors hover:bg-accent/60">
            <span className="flex items-center justify-end gap-1 text-xs text-muted-foreground">
              {copy.older}
              <ArrowRight aria-hidden className="size-3.5" />
            </span>
            <span className="mt-1 block font-medium">{older.title}</span>
          </Link>
        ) : null}
      </nav>
    </article>
  );
}
