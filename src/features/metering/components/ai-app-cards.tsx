import { ArrowRight } from "lucide-react";
import { Link } from "@/components/link";
import { Badge } from "@/components/ui/badge";
import { aiAppHref, AppIcon, type PublicAiApp } from "@/features/ai-apps";
import { usageCopy } from "../copy";
import { formatCount } from "../format";
import type { AppUsage } from "../types";

/** The apps the user can open, each a card linking to its page, with this month's usage on it. */
export function AiAppCards({ apps, usage }: { apps: PublicAiApp[]; usage: AppUsage[] }) {
  const copy = usageCopy.apps;
  if (apps.length === 0) return <p className="rounded-xl border border-dashed px-6 py-14 text-center text-muted-foreground">{copy.empty}</p>;
  const byApp = new Map(usage.map((entry) => [entry.appid, entry]));
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={copy.title}>
      {apps.map((app) => {
        const used = byApp.get(app.appid);
        return (
          <li key={app.appid}>
            <Link
              // Named by what it shows (app, kind, description, usage): an aria-label other than the visible
              // words is what axe's label-content-name-mismatch reports, and voice control could not find it.
              href={aiAppHref(app)}
              className="group flex h-full flex-col gap-4 rounded-xl border bg-card p-5 shadow-sm transition-colors hover:border-primary/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              <div className="flex items-start gap-3">
                <AppIcon icon={app.icon} kind={app.kind} className="size-10 rounded-lg bg-accent text-xl" />
                <div className="min-w-0 flex-1 space-y-1">
                  <h2 className="truncate font-semibold">{app.name}</h2>
                  <Badge variant="secondary">{usageCopy.kinds[app.kind]}</Badge>
                </div>
                <ArrowRight className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden />
              </div>
              {app.description ? <p className="line-clamp-2 text-sm text-muted-foreground">{app.description}</p> : null}
              <p className="mt-auto text-sm" data-testid="app-month-usage">
                {used ? copy.monthUsage(formatCount(used.tokens), used.calls) : <span className="text-muted-foreground">{copy.noUsage}</span>}
              </p>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
