import { Sparkles } from "lucide-react";
import { Link } from "@/components/link";
import { Button } from "@/components/ui/button";
import { SparkMark } from "@/features/layouts";
import { marketingCopy } from "../copy";
import { SignUpOrDashboardButton } from "./sign-up-or-dashboard-button";

/** Above the fold: what 思维火花 is, and the two ways in. Text only, so it paints at once (LCP). */
export function HomeHero() {
  const copy = marketingCopy.home;
  return (
    <section aria-labelledby="home-hero-title" className="relative overflow-hidden">
      <div aria-hidden className="pointer-events-none absolute -top-32 left-1/2 -z-10 h-80 w-[40rem] -translate-x-1/2 rounded-full bg-primary/15 blur-3xl" />
      <div className="mx-auto flex w-full max-w-4xl flex-col items-center px-4 pt-16 pb-14 text-center sm:px-6 sm:pt-24 sm:pb-20">
        <p className="inline-flex items-center gap-2 rounded-full border bg-background/70 px-3 py-1 text-sm text-muted-foreground">
          <SparkMark className="size-5 rounded-md" />
          {copy.eyebrow}
        </p>
        <h1 id="home-hero-title" className="mt-6 text-4xl font-black tracking-tight sm:text-6xl">
          {copy.title}
        </h1>
        <p className="mt-6 max-w-2xl text-base leading-relaxed text-muted-foreground sm:text-lg">{copy.intro}</p>
        <div className="mt-10 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <SignUpOrDashboardButton size="lg" signUpLabel={copy.primaryCta} />
          <Button size="lg" variant="outline" asChild>
            <Link href="/ai">
              <Sparkles aria-hidden />
              {copy.secondaryCta}
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
