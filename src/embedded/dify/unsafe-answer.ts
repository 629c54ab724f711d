import { proseOfLength, stableHash } from "./demo-writer";

/** A question with this marker gets an answer that turns unsafe a third of the way in (content-safety demos and tests). */
export const DEMO_BAD_ANSWER_MARKER = "演示违规回答";
/** The word that answer contains: the built-in moderation list's harmless test entry (src/features/content-safety). */
export const DEMO_UNSAFE_WORD = "火花安全测试词";

/** ~300 ordinary characters, the listed word, then ~900 more: a window check stops it long before the end. */
export function unsafeDemoAnswer(question: string): string | undefined {
  if (!question.includes(DEMO_BAD_ANSWER_MARKER)) return undefined;
  const subject = "内容安全";
  const seed = stableHash(question);
  return [proseOfLength(subject, 300, seed), `这里出现了一个用于演示的违规词：${DEMO_UNSAFE_WORD}。`, proseOfLength(subject, 900, seed + 1)].join("\n\n");
}
