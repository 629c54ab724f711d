import { and, count, gte, lt } from "drizzle-orm";
import { webSearches } from "@/lib/db/schema/web-searches";
import type { Database } from "@/lib/db/types";

/** One search that ran, for the operator's usage page. */
export async function recordWebSearch(db: Database, search: { userId: string; appid: string; provider: string; results: number }): Promise<void> {
  await db.insert(webSearches).values(search);
}

/** Searches in a month (`YYYY-MM`, China time as the usage report counts): shown beside its tokens. */
export async function webSearchCount(db: Database, month: string): Promise<number> {
  const [year = 1970, number = 1] = month.split("-").map(Number);
  const start = (y: number, m: number) => new Date(`${y}-${String(m).padStart(2, "0")}-01T00:00:00+08:00`);
  const from = start(year, number);
  const to = number === 12 ? start(year + 1, 1) : start(year, number + 1);
  const [row] = await db.select({ searches: count() }).from(webSearches).where(and(gte(webSearches.createdAt, from), lt(webSearches.createdAt, to)));
  return row?.searches ?? 0;
}
