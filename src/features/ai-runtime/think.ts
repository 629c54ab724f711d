/**
 * Reasoning models served by Dify (DeepSeek-R1 and the like) put their thinking at the start of the
 * answer inside `<think>…</think>`; while streaming the closing tag has not arrived yet.
 */
export function splitThinking(answer: string): { thinking: string | null; done: boolean; answer: string } {
  const match = /^\s*<think>([\s\S]*?)(<\/think>|$)/.exec(answer);
  if (!match) return { thinking: null, done: true, answer };
  const closed = match[2] === "</think>";
  return { thinking: match[1]!.trim(), done: closed, answer: closed ? answer.slice(match[0].length).trimStart() : "" };
}
