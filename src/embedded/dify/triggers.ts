/**
 * Failure injection for tests and demos (documented in README.md). A trigger is a marker anywhere
 * in the query (chat), `inputs.query` (completion) or any text input (workflow).
 */
export const TRIGGERS = {
  /** Pre-stream HTTP 500 with Dify's error envelope. */
  http500: "#HTTP500",
  /** Pre-stream HTTP 429 `too_many_requests`. */
  http429: "#HTTP429",
  /** An SSE `error` event after a few chunks; the stream then ends. */
  errorEvent: "#错误事件",
  /** A long idle gap (with `ping` keep-alives) before the answer. */
  slow: "#慢速",
  /** The stream stops after a few chunks with no end event (connection cut). */
  cut: "#中断",
  /** Workflow only: the LLM node fails, `workflow_finished` has status failed. */
  nodeFailure: "#节点失败",
} as const;

export type Trigger = keyof typeof TRIGGERS;

export function triggersIn(text: string): Set<Trigger> {
  const found = new Set<Trigger>();
  for (const [name, marker] of Object.entries(TRIGGERS) as [Trigger, string][]) {
    if (text.includes(marker)) found.add(name);
  }
  return found;
}

/** All string values of an inputs object, joined — where workflow/completion triggers live. */
export function textOfInputs(inputs: Record<string, unknown>): string {
  return Object.values(inputs)
    .filter((value): value is string => typeof value === "string")
    .join("\n");
}
