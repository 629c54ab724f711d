import { ArrowRight } from "lucide-react";
import { Link } from "@/components/link";
import { AiAppCard } from "../ai-app-card";
import { listShowcaseApps } from "../ai-apps-source";
import { marketingCopy } from "../copy";
import { SectionHeading } from "./section-heading";

const PREVIEW_COUNT = 3;

/** The first apps of the registry, linking on to /ai. */
export async function HomeAppsPreview() {
  const copy = marketingCopy.home;
  const apps = (await listShowcaseApps()).slice(0, PREVIEW_COUNT);
  if (apps.length === 0) return null;
  return (
    <section aria-labelledby="home-apps" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6">
      <SectionHeading id="home-apps" title={copy.appsTitle} intro={copy.appsIntro} />
      <div className="mt-12 grid gap-6 md:grid-cols-3">
        {apps.map((app) => (
          <AiAppCard key={`${app.kind}/${app.appid}`} app={app} />
        ))}
      </div>
      <p className="mt-8 text-center">
        <Link href="/ai" className="inline-flex items-center gap-1 font-medium text-primary hover:underline">
          {copy.allApps}
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </p>
    </section>
  );
}
