import { addCalendarMonths } from "../calendar";
import type { BillingInterval } from "../plans";

/**
 * The end of a billing period that starts at `start`: one calendar month (or year) later in China
 * time, clamped to the last day of a shorter month (Jan 31 → Feb 28), so the renewal date the
 * billing page shows is the subscriber's own calendar day.
 */
export function addInterval(start: Date, interval: BillingInterval): Date {
  return addCalendarMonths(start, interval === "year" ? 12 : 1);
}
