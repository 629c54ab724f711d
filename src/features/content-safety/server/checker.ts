import type { CheckContext, ModerationProvider, Verdict } from "../types";

/** The outcome of checking one text under the configured time-out and failure policy. */
export type CheckOutcome = Verdict | { flagged: true; unavailable: true };

export interface CheckerOptions {
  provider: ModerationProvider;
  timeoutMs: number;
  /** `open`: a failed or slow check lets the text through; `closed`: it refuses it. */
  fail: "open" | "closed";
}

/** Cloud providers take a few hundred characters a call: longer text goes in overlapping pieces. */
const PIECE = 500;
const OVERLAP = 40;

export function piecesOf(text: string): string[] {
  const points = [...text];
  if (points.length <= PIECE) return [text];
  const pieces: string[] = [];
  for (let start = 0; start < points.length; start += PIECE - OVERLAP) {
    pieces.push(points.slice(start, start + PIECE).join(""));
    if (start + PIECE >= points.length) break;
  }
  return pieces;
}

/** Checks a text with the provider, piece by piece, within the time-out; failures follow the policy. */
export function createChecker({ provider, timeoutMs, fail }: CheckerOptions) {
  return async (text: string, context: Omit<CheckContext, "signal">): Promise<CheckOutcome> => {
    if (!text.trim()) return { flagged: false };
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const verdicts = await Promise.race([
        Promise.all(piecesOf(text).map((piece) => provider.checkText(piece, { ...context, signal }))),
        new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(new Error(`审核超时（${timeoutMs} 毫秒）`)), { once: true })),
      ]);
      return verdicts.find((verdict) => verdict.flagged) ?? { flagged: false };
    } catch (error) {
      console.error(`[content-safety] ${provider.name} 审核失败（${fail === "open" ? "放行" : "拒绝"}）`, error);
      return fail === "open" ? { flagged: false } : { flagged: true, unavailable: true };
    }
  };
}

export type Checker = ReturnType<typeof createChecker>;
