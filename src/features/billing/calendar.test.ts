import { describe, expect, it } from "vitest";
import { addCalendarDays, addCalendarMonths, calendarDate, formatCalendarDate, startOfCalendarDay, startOfMonth } from "./calendar";

describe("the product calendar (China time)", () => {
  it("puts an instant on its calendar day in Beijing, not in UTC", () => {
    expect(calendarDate(new Date("2026-04-30T15:59:59Z"))).toEqual({ year: 2026, month: 4, day: 30 });
    expect(calendarDate(new Date("2026-04-30T16:00:00Z"))).toEqual({ year: 2026, month: 5, day: 1 });
  });

  it("starts a month at 00:00 Beijing time on the 1st (16:00 UTC the day before)", () => {
    expect(startOfMonth(new Date("2026-12-31T15:59:59.999Z")).toISOString()).toBe("2026-11-30T16:00:00.000Z");
    expect(startOfMonth(new Date("2026-12-31T16:00:00Z")).toISOString()).toBe("2026-12-31T16:00:00.000Z");
    // 08:00 Beijing on the 1st, where a UTC month would have started: long into the new month.
    expect(startOfMonth(new Date("2027-01-01T00:00:00Z")).toISOString()).toBe("2026-12-31T16:00:00.000Z");
    // Remembered month or not, an earlier or a later instant gets its own month.
    expect(startOfMonth(new Date("2026-06-15T00:00:00Z")).toISOString()).toBe("2026-05-31T16:00:00.000Z");
    expect(startOfMonth(new Date("2027-01-31T15:59:59Z")).toISOString()).toBe("2026-12-31T16:00:00.000Z");
    expect(startOfMonth(new Date("2027-01-31T16:00:00Z")).toISOString()).toBe("2027-01-31T16:00:00.000Z");
  });

  it("finds local midnight of a day and steps across month and year ends", () => {
    expect(startOfCalendarDay({ year: 2026, month: 3, day: 1 }).toISOString()).toBe("2026-02-28T16:00:00.000Z");
    expect(addCalendarDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(addCalendarDays({ year: 2028, month: 3, day: 1 }, -1)).toEqual({ year: 2028, month: 2, day: 29 });
    expect(formatCalendarDate({ year: 2026, month: 4, day: 5 })).toBe("2026-04-05");
  });

  it("adds months on Beijing's calendar, keeping the time of day and clamping to shorter months", () => {
    // 2026-05-31 00:30 in Beijing (still May 30 in UTC) renews on June 30th there, not on July 1st.
    expect(addCalendarMonths(new Date("2026-05-30T16:30:00.250Z"), 1).toISOString()).toBe("2026-06-29T16:30:00.250Z");
    expect(addCalendarMonths(new Date("2026-01-31T10:00:00Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addCalendarMonths(new Date("2027-12-31T15:00:00Z"), 12).toISOString()).toBe("2028-12-31T15:00:00.000Z");
    // Feb 29th 2028, 01:00 in Beijing → Feb 28th 2029, 01:00 in Beijing.
    expect(addCalendarMonths(new Date("2028-02-28T17:00:00Z"), 12).toISOString()).toBe("2029-02-27T17:00:00.000Z");
  });
});
