import { and, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { moderationHits, type ModerationHitRow } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { EXCERPT_LIMIT, type ModerationStage } from "../types";

export interface HitRecord {
  userId: string;
  appid: string;
  stage: ModerationStage;
  provider: string;
  label: string;
  excerpt: string;
}

export async function recordHit(db: Database, hit: HitRecord): Promise<void> {
  await db.insert(moderationHits).values({ ...hit, label: hit.label.slice(0, 200), excerpt: [...hit.excerpt].slice(0, EXCERPT_LIMIT).join("") });
}

export interface HitFilters {
  userId?: string;
  appid?: string;
  /** Inclusive start and exclusive end of the period. */
  from?: Date;
  to?: Date;
}

/** Hits, newest first, filtered by user, app and period. */
export async function listHits(db: Database, filters: HitFilters, limit = 200): Promise<ModerationHitRow[]> {
  const conditions: SQL[] = [];
  if (filters.userId) conditions.push(eq(moderationHits.userId, filters.userId));
  if (filters.appid) conditions.push(eq(moderationHits.appid, filters.appid));
  if (filters.from) conditions.push(gte(moderationHits.createdAt, filters.from));
  if (filters.to) conditions.push(lt(moderationHits.createdAt, filters.to));
  return db
    .select()
    .from(moderationHits)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(moderationHits.createdAt))
    .limit(limit);
}

const STAGE_LABEL: Record<ModerationStage, string> = { question: "提问", answer: "回答" };

/** RFC 4180 field: quoted, quotes doubled; a leading =+-@ neutralised so a spreadsheet never runs it. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The hits as CSV (UTF-8 with BOM, so Excel reads the Chinese). */
export function hitsCsv(rows: readonly ModerationHitRow[]): string {
  const header = ["时间", "用户", "应用", "环节", "审核方式", "命中规则", "摘录"];
  const lines = rows.map((row) => [row.createdAt.toISOString(), row.userId, row.appid, STAGE_LABEL[row.stage], row.provider, row.label, row.excerpt].map(csvField).join(","));
  return `\uFEFF${[header.map(csvField).join(","), ...lines].join("\r\n")}\r\n`;
}
