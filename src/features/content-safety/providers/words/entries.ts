/** One entry of the built-in list: a word, or a pattern written `/…/` (optionally with flags, e.g. `/…/i`). */
export type WordEntry = { kind: "word"; word: string } | { kind: "pattern"; pattern: RegExp; source: string };

const PATTERN = /^\/(.+)\/([imsu]*)$/;

/** Longest entry kept (a longer line is almost certainly not a word list). */
export const MAX_ENTRY_LENGTH = 200;

/** An entry as stored, or an error in Chinese (an unreadable pattern, an empty line). */
export function parseEntry(line: string): WordEntry | { error: string } {
  const text = line.trim();
  if (!text) return { error: "不能为空" };
  if (text.length > MAX_ENTRY_LENGTH) return { error: `不能超过 ${MAX_ENTRY_LENGTH} 个字符` };
  const pattern = PATTERN.exec(text);
  if (!pattern) return { kind: "word", word: normalizeText(text) };
  try {
    // `g` and `y` would make `test` stateful; `u` keeps characters whole.
    const flags = new Set([...(pattern[2] ?? ""), "u"]);
    return { kind: "pattern", pattern: new RegExp(pattern[1]!, [...flags].join("")), source: text };
  } catch {
    return { error: `「${text}」不是有效的正则表达式` };
  }
}

/** The lines of an imported text file: one entry a line, blank lines and `#` comments skipped. */
export function entriesOfFile(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

/**
 * The form words are matched in: full-width forms folded (NFKC), lower case, and the spaces and
 * separators people put between characters to slip a word past a list removed.
 */
export function normalizeText(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/[\s\p{Zs}·•・_\-*.|/\\]+/gu, "");
}
