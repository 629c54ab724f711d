/**
 * What a request asks for, read the way a person would: a length ("100 字"), a list ("列出 5 条"),
 * or neither. The demo apps answer in that shape, so a newcomer sees a reply that follows the request.
 */
export interface RequestShape {
  /** Characters asked for ("写一段 100 字的…"), if any. */
  length: number | null;
  /** Items asked for, when a list is wanted ("列出 5 个要点" → 5; "有哪些…" → a default). */
  listItems: number | null;
}

const CHINESE_DIGITS: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 };

function countIn(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  return CHINESE_DIGITS[text] ?? null;
}

export function requestShape(query: string): RequestShape {
  const lengthMatch = /(\d{1,4})\s*(?:个)?字/.exec(query);
  const length = lengthMatch ? Math.min(2000, Math.max(10, Number(lengthMatch[1]))) : null;
  const counted = /(\d{1,2}|[一二两三四五六七八九十])\s*(?:个|条|点|项|种|步)/.exec(query);
  // 「一点」「一个」 are "a little" / "one thing", never a list (「再说一点」 is not a one-item list).
  const count = counted ? countIn(counted[1]!) : null;
  const asksForList = /列出|列举|清单|列表|要点|有哪些|几点|几个|步骤/.test(query) || (count !== null && count >= 2);
  const listItems = asksForList ? Math.min(10, Math.max(2, count ?? 5)) : null;
  return { length, listItems };
}
