import type { BillingInterval } from "../plans";

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * The end of a billing period that starts at `start`: one calendar month (or year) later, in UTC,
 * clamped to the last day of a shorter month (Jan 31 → Feb 28), like card billing does.
 */
export function addInterval(start: Date, interval: BillingInterval): Date {
  const months = interval === "year" ? 12 : 1;
  const total = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(total / 12);
  const month = total % 12;
  const day = Math.min(start.getUTCDate(), daysInMonth(year, month));
  return new Date(
    Date.UTC(year, month, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds()),
  );
}
