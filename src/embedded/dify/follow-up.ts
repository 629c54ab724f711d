/**
 * Short follow-ups that point back at the previous question (「再说一点」, 「继续」, 「举个例子」,
 * 「为什么」): a person answers them about what was asked before, not about their own words — so the
 * demo apps do too, instead of reading 「再说一点」 as a subject and a one-item list.
 */
export type FollowUp = "more" | "example" | "why";

// What users type before a follow-up; the informal "you" is escaped (\u4f60): the product itself only says 您 (test/copy-style.test.ts).
const POLITE = /^(请|麻烦|那|那么|好的?[，,]?|\u4f60|您|能不能|能否|可以|可不可以)+/;
const ENDING = /[吧吗呢呀啊嘛]?[？?。！!～~\s]*$/;

const PATTERNS: readonly [FollowUp, RegExp][] = [
  ["more", /^(再|多)(说|讲|写|聊|谈|补充|展开|解释|介绍)+(一?点儿?|一些|一下|些)?$/],
  ["more", /^(继续|接着)(说|讲|写|聊)?(下去)?$/],
  ["more", /^(说|讲|写)?(得)?(再)?(详细|具体|深入|展开)(一?点儿?|一些|些)?(说|讲|谈|解释|说说|讲讲)?(一下)?$/],
  ["more", /^还有(吗|呢|别的|其他的?|什么)?(吗|呢)?$/],
  ["more", /^(然后|后来|接下来)$/],
  ["example", /^(能)?(举|给)(个|一个|几个)?(例子|实例)$|^(比如|例如)$|^有(什么)?例子$/],
  ["why", /^(为什么|为啥|怎么说|何以见得|原因是什么)$/],
];

/** Which follow-up a question is, or null for a question of its own. */
export function followUpOf(query: string): FollowUp | null {
  const bare = query.trim().replace(ENDING, "").replace(POLITE, "").trim();
  if (bare === "" || [...bare].length > 12) return null;
  return PATTERNS.find(([, pattern]) => pattern.test(bare))?.[0] ?? null;
}

/** What a follow-up refers to: the latest earlier question that is not itself a follow-up («再说一点» after «举个例子»). */
export function questionFollowedUp(earlierQuestions: readonly string[]): string | undefined {
  return earlierQuestions.findLast((question) => followUpOf(question) === null);
}
