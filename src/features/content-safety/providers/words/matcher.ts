import AhoCorasick from "modern-ahocorasick";
import type { Verdict } from "../../types";
import { excerptAround } from "../../types";
import { normalizeText, type WordEntry } from "./entries";

/**
 * The built-in list compiled once: every word in one Aho–Corasick automaton (one pass over the text
 * whatever the list's size — modern-ahocorasick, a maintained library without dependencies), the
 * patterns tried one by one on the original text.
 */
export class WordMatcher {
  private readonly words: AhoCorasick | undefined;
  private readonly patterns: { pattern: RegExp; source: string }[];

  constructor(entries: readonly WordEntry[]) {
    const words = [...new Set(entries.flatMap((entry) => (entry.kind === "word" && entry.word ? [entry.word] : [])))];
    this.words = words.length > 0 ? new AhoCorasick(words) : undefined;
    this.patterns = entries.flatMap((entry) => (entry.kind === "pattern" ? [{ pattern: entry.pattern, source: entry.source }] : []));
  }

  /** The first entry found in `text`: its word (or pattern) as the label, the text around it as the excerpt. */
  check(text: string): Verdict {
    if (this.words) {
      const normalized = normalizeText(text);
      const match = this.words.findFirst(normalized);
      if (match) return { flagged: true, label: match.pattern, excerpt: excerptAround(normalized, match.start, match.end) };
    }
    for (const { pattern, source } of this.patterns) {
      const match = pattern.exec(text);
      if (match) return { flagged: true, label: source, excerpt: excerptAround(text, match.index, match.index + match[0].length) };
    }
    return { flagged: false };
  }
}
