import { Link } from "@/components/link";
import { cn } from "@/lib/utils";
import { blogListHref } from "../blog/routes";
import { blogTagLabel, type BlogTagSlug } from "../blog/tags";

export function TagBadge({ tag, className }: { tag: BlogTagSlug; className?: string }) {
  return (
    <Link
      href={blogListHref(1, tag)}
      className={cn(
        "relative z-10 inline-flex h-6 items-center rounded-full border bg-background/70 px-2.5 text-xs text-muted-foreground transition-colors hover:border-primary/40 hover:text-foreground",
        className,
      )}
    >
      #{blogTagLabel(tag)}
    </Link>
  );
}

export function TagList({ tags }: { tags: readonly BlogTagSlug[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag}>
          <TagBadge tag={tag} />
        </li>
      ))}
    </ul>
  );
}
