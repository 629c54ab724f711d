import { ArrowLeft, ArrowRight } from "lucide-react";
import { Link } from "@/components/link";
import { contentCopy } from "../copy";
import type { Doc } from "../docs/docs";

/** 上一篇 / 下一篇 in sidebar order. */
export function DocPager({ previous, next }: { previous?: Doc; next?: Doc }) {
  const copy = contentCopy.docs;
  if (!previous && !next) return null;
  return (
    <nav aria-label={copy.pagerLabel} className="mt-16 grid gap-4 border-t pt-8 sm:grid-cols-2">
      {previous ? (
        <Link href={previous.href} rel="prev" className="rounded-xl border p-4 transition-colors hover:bg-accent/60">
          <span className="flex items-center gap-1 text-xs text-muted-foreground">
            <ArrowLeft aria-hidden className="size-3.5" />
            {copy.previous}
          </span>
          <span className="mt-1 block font-medium">{previous.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link href={next.href} rel="next" className="rounded-xl border p-4 text-right transition-colors hover:bg-accent/60">
          <span className="flex items-center justify-end gap-1 text-xs text-muted-foreground">
            {copy.next}
            <ArrowRight aria-hidden className="size-3.5" />
          </span>
          <span className="mt-1 block font-medium">{next.title}</span>
        </Link>
      ) : null}
    </nav>
  );
}
