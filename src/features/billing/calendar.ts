/**
 * The product's calendar. 思维火花 is for Chinese users, so "this month" (the token quota) and "a day"
 * (the usage chart) are the calendar month and day in China time: the quota resets at 00:00 Beijing
 * time on the 1st, not at 08:00. The zone is this one constant; conversions go through Intl (and
 * SQL's `at time zone`), so any IANA zone with daylight saving would work as well. Written on Intl
 * (the runtime's own zone database) rather than a date library: these few boundary functions are all
 * the product needs, and this module also ships to the browser with the billing pages.
 */
export const PRODUCT_TIME_ZONE = "Asia/Shanghai";

/** A calendar date in the product's time zone; `month` is 1-12. */
export type CalendarDate = { year: number; month: number; day: number };

const wallClockFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: PRODUCT_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

/** The wall-clock time in the product's zone at `instant`, read as if it were UTC. */
function wallClockAsUtc(instant: Date): number {
  const parts = Object.fromEntries(wallClockFormat.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The calendar date `instant` falls on in the product's zone. */
export function calendarDate(instant: Date): CalendarDate {
  const wall = new Date(wallClockAsUtc(instant));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/** `date` moved by `days` (negative goes back); overflowing days roll into the next month or year. */
export function addCalendarDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** `2026-04-30` */
export function formatCalendarDate(date: CalendarDate): string {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).toISOString().slice(0, 10);
}

/** The first instant (local midnight) of `date` in the product's zone. */
export function startOfCalendarDay(date: CalendarDate): Date {
  const midnightAsUtc = Date.UTC(date.year, date.month - 1, date.day);
  // The zone's offset at the guess, then again at the first answer, in case a DST change lies between.
  const guess = midnightAsUtc - (wallClockAsUtc(new Date(midnightAsUtc)) - midnightAsUtc);
  return new Date(midnightAsUtc - (wallClockAsUtc(new Date(guess)) - guess));
}

/** The month last asked for: every AI call's admission asks, and Intl's zone conversion costs ~0.2 ms a time. */
let lastMonth: { start: number; end: number } | undefined;

/** The first instant of the calendar month `now` falls in (product zone): quotas reset monthly. */
export function startOfMonth(now: Date): Date {
  const time = now.getTime();
  if (lastMonth && time >= lastMonth.start && time < lastMonth.end) return new Date(lastMonth.start);
  const { year, month } = calendarDate(now);
  const start = startOfCalendarDay({ year, month, day: 1 });
  const end = startOfCalendarDay(month === 12 ? { year: year + 1, month: 1, day: 1 } : { year, month: month + 1, day: 1 });
  lastMonth = { start: start.getTime(), end: end.getTime() };
  return start;
}

/**
 * `instant` moved by whole calendar months in the product's zone at the same wall-clock time,
 * clamped to the last day of a shorter month (Jan 31 → Feb 28), like card billing does.
 */
export function addCalendarMonths(instant: Date, months: number): Date {
  const wall = new Date(wallClockAsUtc(instant) + instant.getUTCMilliseconds());
  const total = wall.getUTCMonth() + months;
  const year = wall.getUTCFullYear() + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const day = Math.min(wall.getUTCDate(), new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  const timeOfDay = wall.getTime() - Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate());
  return new Date(startOfCalendarDay({ year, month: month + 1, day }).getTime() + timeOfDay);
}
