import { contentCopy } from "../copy";

/** Date and reading time of a post. */
export function PostMeta({ date, readingMinutes }: { date: string; readingMinutes: number }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
      <time dateTime={date}>{contentCopy.date(date)}</time>
      <span aria-hidden>·</span>
      <span>{contentCopy.blog.readingTime(readingMinutes)}</span>
    </p>
  );
}
