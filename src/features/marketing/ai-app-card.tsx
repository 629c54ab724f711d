import { ArrowRight } from "lucide-react";
import { Link } from "@/components/link";
import { aiAppHref, aiAppKindLabels } from "./ai-app-link";
import { AppIcon, type PublicAiApp } from "@/features/ai-apps";
import { marketingCopy } from "./copy";

/** One AI app: icon, kind, name, description; the whole card links to the app's page. */
export function AiAppCard({ app, headingLevel = 3 }: { app: PublicAiApp; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex flex-col gap-4 rounded-2xl border bg-card/80 p-6 shadow-sm transition-all hover:-translate-y-0.5 hover:shadow-md">
      <div className="flex items-center justify-between">
        <AppIcon icon={app.icon} kind={app.kind} className="size-11 rounded-xl bg-primary/10 text-2xl text-primary ring-1 ring-primary/20" />
        <span className="rounded-full border px-2.5 py-0.5 text-xs text-muted-foreground">{aiAppKindLabels[app.kind]}</span>
      </div>
      <Heading className="text-lg font-semibold tracking-tight">
        <Link href={aiAppHref(app)} className="outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:ring-[3px] focus-visible:after:ring-ring/50">
          {app.name}
        </Link>
      </Heading>
      <p className="flex-1 text-sm leading-6 text-muted-foreground">{app.description}</p>
      <span className="inline-flex items-center gap-1 text-sm font-medium text-primary">
        {marketingCopy.ai.open}
        <ArrowRight aria-hidden className="size-4 transition-transform group-hover:translate-x-0.5" />
      </span>
    </article>
  );
}
