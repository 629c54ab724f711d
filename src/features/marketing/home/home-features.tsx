import { ChartColumn, MessageSquare, PenLine, Workflow } from "lucide-react";
import { marketingCopy } from "../copy";
import { SectionHeading } from "./section-heading";

const icons = { chat: MessageSquare, workflow: Workflow, completion: PenLine, usage: ChartColumn } as const;

/** 您可以用思维火花做什么: the three app kinds, usage and plans. */
export function HomeFeatures() {
  const copy = marketingCopy.home;
  return (
    <section aria-labelledby="home-features" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6">
      <SectionHeading id="home-features" title={copy.featuresTitle} intro={copy.featuresIntro} />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {copy.features.map((feature) => {
          const Icon = icons[feature.icon];
          return (
            <li key={feature.title} className="rounded-2xl border bg-card/80 p-6 shadow-sm">
              <span aria-hidden className="flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
                <Icon className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold">{feature.title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">{feature.text}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
