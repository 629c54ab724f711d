import { ChevronDown } from "lucide-react";
import { billingCopy } from "../copy";

/** The pricing FAQ: native <details>, so it works without JavaScript. */
export function PricingFaq() {
  const { pricing } = billingCopy;
  return (
    <section aria-labelledby="pricing-faq" className="mx-auto grid w-full max-w-3xl gap-4">
      <h2 id="pricing-faq" className="text-2xl font-bold tracking-tight">
        {pricing.faqTitle}
      </h2>
      <div className="divide-y rounded-xl border bg-card">
        {pricing.faq.map((item) => (
          <details key={item.question} className="group px-5 py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium [&::-webkit-details-marker]:hidden">
              {item.question}
              <ChevronDown className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" aria-hidden />
            </summary>
            <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
