"use client";

import { cn } from "@/lib/utils";
import { billingCopy } from "../copy";
import { BILLING_INTERVALS, type BillingInterval } from "../plans";

/** 月付 / 年付: a two-option radio group styled as a segmented control. */
export function IntervalSwitch({ value, onChange }: { value: BillingInterval; onChange: (value: BillingInterval) => void }) {
  return (
    <div role="radiogroup" aria-label={billingCopy.intervalSwitchLabel} className="inline-flex rounded-lg border bg-background/60 p-1 shadow-sm">
      {BILLING_INTERVALS.map((interval) => (
        <button
          key={interval}
          type="button"
          role="radio"
          aria-checked={value === interval}
          onClick={() => onChange(interval)}
          className={cn(
            "rounded-md px-4 py-1.5 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
            value === interval ? "bg-primary text-primary-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
          )}
        >
          {billingCopy.intervals[interval]}
        </button>
      ))}
    </div>
  );
}
