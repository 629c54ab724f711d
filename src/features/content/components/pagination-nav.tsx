import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "@/components/link";
import { cn } from "@/lib/utils";
import { contentCopy } from "../copy";

type PaginationNavProps = { page: number; totalPages: number; hrefFor: (page: number) => string };

const itemClass = "inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-md border px-3 text-sm transition-colors";

/** 上一页 · 1 2 3 · 下一页; nothing when there is one page. */
export function PaginationNav({ page, totalPages, hrefFor }: PaginationNavProps) {
  const copy = contentCopy.pagination;
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={copy.label} className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} rel="prev" className={cn(itemClass, "hover:bg-accent")}>
          <ChevronLeft aria-hidden className="size-4" />
          {copy.previous}
        </Link>
      ) : null}
      {Array.from({ length: totalPages }, (_, index) => index + 1).map((number) => (
        <Link
          key={number}
          href={hrefFor(number)}
          aria-label={copy.goTo(number)}
          aria-current={number === page ? "page" : undefined}
          className={cn(itemClass, number === page ? "border-primary bg-primary text-primary-foreground" : "hover:bg-accent")}
        >
          {number}
        </Link>
      ))}
      {page < totalPages ? (
        <Link href={hrefFor(page + 1)} rel="next" className={cn(itemClass, "hover:bg-accent")}>
          {copy.next}
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : null}
      <p className="sr-only">{copy.page(page, totalPages)}</p>
    </nav>
  );
}
