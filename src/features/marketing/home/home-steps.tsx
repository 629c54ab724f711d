import { marketingCopy } from "../copy";
import { SectionHeading } from "./section-heading";

/** 三步开始使用. */
export function HomeSteps() {
  const copy = marketingCopy.home;
  return (
    <section aria-labelledby="home-steps" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6">
      <SectionHeading id="home-steps" title={copy.stepsTitle} />
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {copy.steps.map((step, index) => (
          <li key={step.title} className="relative rounded-2xl border bg-card/60 p-6">
            <span aria-hidden className="flex size-9 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">
              {index + 1}
            </span>
            <h3 className="mt-4 font-semibold">{step.title}</h3>
            <p className="mt-2 text-sm leading-6 text-muted-foreground">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
