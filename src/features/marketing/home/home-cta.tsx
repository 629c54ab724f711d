import { marketingCopy } from "../copy";
import { SignUpOrDashboardButton } from "./sign-up-or-dashboard-button";

/** Closing call to action: sign up. */
export function HomeCta() {
  const copy = marketingCopy.home;
  return (
    <section aria-labelledby="home-cta" className="mx-auto w-full max-w-6xl px-4 pt-8 pb-20 sm:px-6">
      <div className="rounded-3xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-xl sm:px-12">
        <h2 id="home-cta" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {copy.ctaTitle}
        </h2>
        <p className="mt-3">{copy.ctaText}</p>
        <SignUpOrDashboardButton size="lg" variant="secondary" className="mt-8" signUpLabel={copy.ctaButton} />
      </div>
    </section>
  );
}
