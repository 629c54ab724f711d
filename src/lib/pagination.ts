/** The highest `?page=` the admin lists go to: deeper OFFSETs only cost the database. */
export const MAX_PAGE_NUMBER = 10_000;

/**
 * A `?page=` value as a page number from 1 to MAX_PAGE_NUMBER: anything missing, repeated
 * (`?page=1&page=2` arrives as an array) or not a number is page 1; a leading number counts
 * (`"3abc"` is 3, as `parseInt` reads it).
 */
export function parsePageNumber(value: string | readonly string[] | null | undefined): number {
  const parsed = typeof value === "string" ? Number.parseInt(value, 10) : Number.NaN;
  return Math.min(MAX_PAGE_NUMBER, Math.max(1, parsed || 1));
}
