import { BookOpen } from "lucide-react";
import { Link } from "@/components/link";
import { PageHeading } from "@/features/layouts";
import { AiAppCard } from "./ai-app-card";
import { aiAppKindLabels } from "./ai-app-link";
import { listShowcaseApps, type AiAppKind } from "./ai-apps-source";
import { marketingCopy } from "./copy";

const kindOrder: AiAppKind[] = ["chat", "workflow", "completion"];

/** /ai: every configured app, grouped by kind. */
export async function AiShowcase() {
  const copy = marketingCopy.ai;
  const apps = await listShowcaseApps();
  const groups = kindOrder.map((kind) => ({ kind, apps: apps.filter((app) => app.kind === kind) })).filter((group) => group.apps.length > 0);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <PageHeading title={copy.title} description={copy.description} size="lg" />
      {groups.length === 0 ? <p className="mt-10 text-muted-foreground">{copy.empty}</p> : null}
      {groups.map((group) => (
        <section key={group.kind} aria-labelledby={`ai-kind-${group.kind}`} className="mt-12">
          <h2 id={`ai-kind-${group.kind}`} className="text-xl font-semibold tracking-tight">
            {aiAppKindLabels[group.kind]}
          </h2>
          <div className="mt-5 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {group.apps.map((app) => (
              <AiAppCard key={app.appid} app={app} />
            ))}
          </div>
        </section>
      ))}
      <aside className="mt-16 flex flex-col items-start gap-3 rounded-2xl border bg-card/70 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold">{copy.howTitle}</p>
          <p className="mt-1 text-sm text-muted-foreground">{copy.howText}</p>
        </div>
        <Link href="/docs/using-ai-apps" className="inline-flex shrink-0 items-center gap-1.5 text-sm font-medium text-primary hover:underline">
          <BookOpen aria-hidden className="size-4" />
          {copy.howLink}
        </Link>
      </aside>
    </div>
  );
}
