import { PageHeading } from "@/features/layouts";
import { getChangelog } from "../changelog";
import { contentCopy } from "../copy";
import { MdxArticle } from "./mdx-article";

/** Every release, newest first, on a timeline. */
export function ChangelogList() {
  const copy = contentCopy.changelog;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
      <PageHeading title={copy.title} description={copy.description} size="lg" />
      <ol className="mt-12 space-y-12">
        {getChangelog().map((entry) => (
          <li key={entry.id} id={entry.id} className="grid scroll-mt-24 gap-4 md:grid-cols-[10rem_minmax(0,1fr)]">
            <div className="space-y-1 md:pt-1">
              <span className="inline-flex rounded-full border border-primary/40 bg-primary/10 px-2.5 py-0.5 font-mono text-xs font-semibold text-primary">
                v{entry.version}
              </span>
              <p className="text-sm text-muted-foreground">
                <time dateTime={entry.date}>{contentCopy.date(entry.date)}</time>
              </p>
            </div>
            <section aria-labelledby={`${entry.id}-title`} className="rounded-2xl border bg-card/80 p-6 shadow-sm">
              <h2 id={`${entry.id}-title`} className="text-xl font-semibold tracking-tight">
                {entry.title}
              </h2>
              <p className="mt-2 text-muted-foreground">{entry.summary}</p>
              <MdxArticle source={entry.body} className="text-[15px] [&>h3:first-child]:mt-4" />
            </section>
          </li>
        ))}
      </ol>
    </div>
  );
}
