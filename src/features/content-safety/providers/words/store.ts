import { readFile } from "node:fs/promises";
import { asc, eq, sql } from "drizzle-orm";
import { moderationWords, type ModerationWordRow } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { DEFAULT_WORDS } from "./default-words";
import { entriesOfFile, parseEntry, type WordEntry } from "./entries";
import { WordMatcher } from "./matcher";

export async function listWords(db: Database): Promise<ModerationWordRow[]> {
  return db.select().from(moderationWords).orderBy(asc(moderationWords.createdAt), asc(moderationWords.entry));
}

export interface AddWordsResult {
  added: number;
  /** Lines that were already listed. */
  existing: number;
  /** Lines refused, with why (Chinese). */
  errors: { line: string; error: string }[];
}

/** Adds entries (a word or `/pattern/` a line); unreadable ones come back as errors, repeats are skipped. */
export async function addWords(db: Database, lines: readonly string[], createdBy: string | null): Promise<AddWordsResult> {
  const errors: AddWordsResult["errors"] = [];
  const valid: string[] = [];
  for (const line of lines) {
    const parsed = parseEntry(line);
    if ("error" in parsed) errors.push({ line, error: parsed.error });
    else valid.push(line.trim());
  }
  const unique = [...new Set(valid)];
  const inserted = unique.length
    ? await db.insert(moderationWords).values(unique.map((entry) => ({ entry, createdBy }))).onConflictDoNothing().returning({ id: moderationWords.id })
    : [];
  return { added: inserted.length, existing: unique.length - inserted.length, errors };
}

export async function deleteWord(db: Database, id: string): Promise<boolean> {
  const deleted = await db.delete(moderationWords).where(eq(moderationWords.id, id)).returning({ id: moderationWords.id });
  return deleted.length > 0;
}

/** The seed: `MODERATION_WORDS_FILE`'s lines, else the built-in test entry. */
export async function seedLines(wordsFile: string | undefined): Promise<string[]> {
  if (!wordsFile) return [...DEFAULT_WORDS];
  return entriesOfFile(await readFile(wordsFile, "utf8"));
}

/** How long a process trusts its compiled list before reading it again (other processes' edits). */
const TTL_MS = 30_000;

/**
 * The list, compiled, for checks: read from the database at most every `TTL_MS` (at once after this
 * process changed it) and seeded the first time it is found empty.
 */
export class WordListCache {
  private current?: { matcher: WordMatcher; at: number };
  private loading?: Promise<WordMatcher>;
  private seeded = false;

  constructor(
    private readonly database: () => Promise<Database>,
    private readonly wordsFile: string | undefined,
  ) {}

  invalidate(): void {
    this.current = undefined;
  }

  async matcher(): Promise<WordMatcher> {
    if (this.current && Date.now() - this.current.at < TTL_MS) return this.current.matcher;
    this.loading ??= this.load().finally(() => (this.loading = undefined));
    return this.loading;
  }

  private async load(): Promise<WordMatcher> {
    const db = await this.database();
    if (!this.seeded) {
      this.seeded = true;
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(moderationWords);
      if ((row?.count ?? 0) === 0) await addWords(db, await seedLines(this.wordsFile), null);
    }
    const entries: WordEntry[] = [];
    for (const row of await db.select({ entry: moderationWords.entry }).from(moderationWords)) {
      const parsed = parseEntry(row.entry);
      if (!("error" in parsed)) entries.push(parsed);
    }
    const matcher = new WordMatcher(entries);
    this.current = { matcher, at: Date.now() };
    return matcher;
  }
}
