import { ArrowRight, BookOpen } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { layoutCopy } from "./copy";
import { routes } from "./nav";
import { SparkMark } from "./spark-mark";

/** The home page's hero: name, tagline, one paragraph, sign-up and docs. */
export function HomeHero() {
  const copy = layoutCopy.home;
  return (
    <section aria-labelledby="home-hero-title" className="mx-auto flex w-full max-w-6xl flex-1 items-center px-4 py-16 sm:px-6 sm:py-24">
      <div className="relative mx-auto w-full max-w-3xl overflow-hidden rounded-3xl border bg-card/70 px-6 py-14 text-center shadow-xl backdrop-blur sm:px-12 sm:py-20">
        <div
          aria-hidden
          className="pointer-events-none absolute -top-24 left-1/2 -z-10 size-72 -translate-x-1/2 rounded-full bg-primary/20 blur-3xl"
        />
        <SparkMark className="mx-auto size-14 rounded-2xl" />
        <h1 id="home-hero-title" className="mt-6 text-4xl font-black tracking-tight sm:text-6xl">
          {copy.title}
        </h1>
        <p className="mt-4 bg-gradient-to-r from-primary to-primary/60 bg-clip-text text-xl font-semibold text-transparent sm:text-2xl">
          {copy.subtitle}
        </p>
        <p className="mx-auto mt-6 max-w-xl leading-relaxed text-muted-foreground">{copy.intro}</p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" asChild>
            <Link href={routes.signUp}>
              {layoutCopy.signUp}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button size="lg" variant="outline" asChild>
            <Link href={routes.docs}>
              <BookOpen aria-hidden />
              {layoutCopy.viewDocs}
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
