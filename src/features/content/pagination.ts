export type Page<T> = {
  items: T[];
  /** 1-based. */
  page: number;
  totalPages: number;
  totalItems: number;
};

/** Slices `items` into the `page`-th page of `pageSize`; `undefined` for a page that does not exist. */
export function paginate<T>(items: readonly T[], page: number, pageSize: number): Page<T> | undefined {
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError("pageSize must be a positive integer");
  const totalPages = Math.max(1, Math.ceil(items.length / pageSize));
  if (!Number.isInteger(page) || page < 1 || page > totalPages) return undefined;
  const start = (page - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), page, totalPages, totalItems: items.length };
}

/** Page numbers 1…n, for static generation. */
export function pageNumbers(totalItems: number, pageSize: number): number[] {
  return Array.from({ length: Math.max(1, Math.ceil(totalItems / pageSize)) }, (_, index) => index + 1);
}
