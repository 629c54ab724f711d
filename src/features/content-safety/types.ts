/** Where a text to check comes from: the user's question (before the upstream) or the answer (streaming). */
export type ModerationStage = "question" | "answer";

export interface CheckContext {
  userId: string;
  appid: string;
  stage: ModerationStage;
  /** Ends the check early (the call's time-out). */
  signal?: AbortSignal;
}

/** A provider's finding: clean, or flagged with the rule / label that matched and a short excerpt. */
export type Verdict = { flagged: false } | { flagged: true; label: string; excerpt: string };

/** One moderation service: the built-in list, 阿里云内容安全 or 腾讯云文本内容安全 (providers/). */
export interface ModerationProvider {
  /** `words`, `aliyun` or `tencent`: recorded with every hit. */
  readonly name: string;
  checkText(text: string, context: CheckContext): Promise<Verdict>;
}

/** What a hit's record keeps of the text: at most this many characters around the match. */
export const EXCERPT_LIMIT = 50;

/** At most `EXCERPT_LIMIT` characters of `text` around `[start, end)` (code points, never half a character). */
export function excerptAround(text: string, start = 0, end = text.length): string {
  const before = [...text.slice(0, start)];
  const match = [...text.slice(start, end)];
  const after = [...text.slice(end)];
  if (match.length >= EXCERPT_LIMIT) return match.slice(0, EXCERPT_LIMIT).join("");
  const room = EXCERPT_LIMIT - match.length;
  const lead = Math.min(before.length, Math.floor(room / 2));
  const tail = Math.min(after.length, room - lead);
  const lead2 = Math.min(before.length, room - tail);
  return [...before.slice(before.length - lead2), ...match, ...after.slice(0, tail)].join("").replace(/\s+/g, " ");
}
