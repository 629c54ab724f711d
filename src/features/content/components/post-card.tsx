import Image from "next/image";
import { Link } from "@/components/link";
import type { BlogPost } from "../blog/posts";
import { PostMeta } from "./post-meta";
import { TagList } from "./tag-list";

/** A post in the list: cover, title (the whole card is the link), summary, meta, tags. */
export function PostCard({ post, priority = false }: { post: BlogPost; priority?: boolean }) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border bg-card/80 shadow-sm transition-shadow hover:shadow-md">
      <div className="relative aspect-[1200/630] overflow-hidden bg-muted">
        <Image
          src={post.cover}
          alt={post.coverAlt}
          fill
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
          priority={priority}
          className="object-cover transition-transform duration-300 group-hover:scale-[1.02]"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <PostMeta date={post.date} readingMinutes={post.readingMinutes} />
        <h2 className="text-lg font-semibold tracking-tight">
          <Link href={post.href} className="outline-none after:absolute after:inset-0 focus-visible:underline">
            {post.title}
          </Link>
        </h2>
        <p className="flex-1 text-sm leading-6 text-muted-foreground">{post.summary}</p>
        <TagList tags={post.tags} />
      </div>
    </article>
  );
}
