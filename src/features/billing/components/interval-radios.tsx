"use client";

import { clsx } from "clsx";
import { BILLING_INTERVALS, type BillingInterval } from "../plans";

// clsx, not cn(): the classes never conflict, and cn brings tailwind-merge (~8 KB) into /pricing.
export type IntervalLabels = { group: string; intervals: Record<BillingInterval, string> };

export type IntervalRadiosProps = { value: BillingInterval; onChange: (value: BillingInterval) => void; labels: IntervalLabels };

/**
 * 月付 / 年付: a two-option radio group styled as a segmented control. `labels` lets a server page pass
 * the copy in, so that its client island does not ship the whole billing copy.
 */
export function IntervalRadios({ value, onChange, labels }: IntervalRadiosProps) {
  return (
    <div role="radiogroup" aria-label={labels.group} className="inline-flex rounded-lg border bg-background/60 p-1 shadow-sm">
      {BILLING_INTERVALS.map((interval) => (
        <button
          key={interval}
          type="button"
          role="radio"
          aria-checked={value === interval}
          onClick={() => onChange(interval)}
          className={clsx(
            "rounded-md px-4 py-1.5 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
            value === interval ? "bg-primary text-primary-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
          )}
        >
          {labels.intervals[interval]}
        </button>
      ))}
    </div>
  );
}
