import type { ReactNode } from "react";
import { PageHeading } from "./page-heading";

type MarketingPageProps = {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
};

/** A marketing page's content column, opened by its heading. */
export function MarketingPage({ title, description, children }: MarketingPageProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <PageHeading title={title} description={description} size="lg" />
      {children}
    </div>
  );
}
