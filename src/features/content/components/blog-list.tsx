import { Link } from "@/components/link";
import { Rss } from "lucide-react";
import { PageHeading } from "@/features/layouts";
import { cn } from "@/lib/utils";
import { getAllPosts } from "../blog/posts";
import { BLOG_PAGE_SIZE, blogListHref } from "../blog/routes";
import { blogTagLabel, blogTagSlugs, type BlogTagSlug } from "../blog/tags";
import { contentCopy } from "../copy";
import { paginate } from "../pagination";
import { PaginationNav } from "./pagination-nav";
import { PostCard } from "./post-card";

/** Tags that have at least one post, for the filter row. */
function usedTags(): BlogTagSlug[] {
  const posts = getAllPosts();
  return blogTagSlugs.filter((tag) => posts.some((post) => post.tags.includes(tag)));
}

/** /blog, /blog/page/{n}, /blog/tags/{tag}[/page/{n}]: heading, tag filter, cards, pagination. */
export function BlogList({ page, tag }: { page: number; tag?: BlogTagSlug }) {
  const copy = contentCopy.blog;
  const posts = getAllPosts().filter((post) => !tag || post.tags.includes(tag));
  const current = paginate(posts, page, BLOG_PAGE_SIZE);
  if (!current) return null;
  const chip = (active: boolean) =>
    cn(
      "inline-flex h-8 items-center rounded-full border px-3 text-sm transition-colors",
      active ? "border-primary bg-primary text-primary-foreground" : "bg-background/70 hover:bg-accent",
    );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeading title={tag ? copy.tagTitle(blogTagLabel(tag)) : copy.title} description={copy.description} size="lg" />
        <a href="/blog/rss.xml" className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
          <Rss aria-hidden className="size-4" />
          {copy.rss}
        </a>
      </div>
      <nav aria-label={copy.tagsLabel} className="mt-8">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link href="/blog" aria-current={!tag ? "page" : undefined} className={chip(!tag)}>
              {copy.allTags}
            </Link>
          </li>
          {usedTags().map((slug) => (
            <li key={slug}>
              <Link href={blogListHref(1, slug)} aria-current={slug === tag ? "page" : undefined} className={chip(slug === tag)}>
                {blogTagLabel(slug)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {current.items.length === 0 ? (
        <p className="mt-10 text-muted-foreground">{copy.empty}</p>
      ) : (
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {current.items.map((post, index) => (
            <PostCard key={post.slug} post={post} priority={index < 3} />
          ))}
        </div>
      )}
      <PaginationNav page={current.page} totalPages={current.totalPages} hrefFor={(number) => blogListHref(number, tag)} />
    </div>
  );
}
