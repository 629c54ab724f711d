/**
 * What one AI call costs in 分, from the operator's price of its app. Exact: integer arithmetic in
 * BigInt and one rounding up per call, so no amount ever passes through a float.
 */
export interface AppPriceRule {
  mode: "tokens" | "call";
  /** 倍率 × 1000 on the base token price (1000 = ×1). */
  multiplierPermille: number;
  /** The app's own prices (分 per million tokens) instead of the base price; each falls back to it. */
  inputFenPerMillion: number | null;
  outputFenPerMillion: number | null;
  /** `call` mode: 分 per call. */
  callFen: number | null;
}

/** An app without a price of its own: the base token price ×1. */
export const DEFAULT_PRICE_RULE: AppPriceRule = { mode: "tokens", multiplierPermille: 1000, inputFenPerMillion: null, outputFenPerMillion: null, callFen: null };

/** A rule with the base price filled in: what a call of the app pays per token or per call. */
export interface CallPrice {
  mode: "tokens" | "call";
  multiplierPermille: number;
  inputFenPerMillion: number;
  outputFenPerMillion: number;
  callFen: number;
  /** Whether the app has separate input / output prices (else the metered total is priced). */
  split: boolean;
}

export function callPrice(rule: AppPriceRule, baseFenPerMillion: number): CallPrice {
  return {
    mode: rule.mode,
    multiplierPermille: rule.multiplierPermille,
    inputFenPerMillion: rule.inputFenPerMillion ?? baseFenPerMillion,
    outputFenPerMillion: rule.outputFenPerMillion ?? baseFenPerMillion,
    callFen: rule.callFen ?? 0,
    split: rule.inputFenPerMillion !== null || rule.outputFenPerMillion !== null,
  };
}

export interface MeteredTokens {
  promptTokens: number;
  completionTokens: number;
  /** What the quota counts (model apps: weighted by the model). */
  totalTokens: number;
}

const ceilDiv = (numerator: bigint, denominator: bigint): bigint => (numerator + denominator - 1n) / denominator;
const big = (value: number) => BigInt(Math.max(0, Math.trunc(value)));

/**
 * 分 one call costs: per call, or its tokens at the app's prices times its 倍率, rounded up to the
 * next 分. Without separate input / output prices the metered total is priced (it already carries a
 * model's weight); with them the prompt and the completion each at theirs.
 */
export function callCostFen(price: CallPrice, usage: MeteredTokens): number {
  if (price.mode === "call") return price.callFen;
  const perMillion = price.split
    ? big(usage.promptTokens) * big(price.inputFenPerMillion) + big(usage.completionTokens) * big(price.outputFenPerMillion)
    : big(usage.totalTokens) * big(price.inputFenPerMillion);
  return Number(ceilDiv(perMillion * big(price.multiplierPermille), 1_000_000_000n));
}

/** 分 a call that may spend `tokens` must hold: all of them at the dearer of its two prices. */
export function reservationCostFen(price: CallPrice, tokens: number): number {
  if (price.mode === "call") return price.callFen;
  const dearer = Math.max(price.inputFenPerMillion, price.outputFenPerMillion);
  return callCostFen({ ...price, split: false, inputFenPerMillion: dearer }, { promptTokens: 0, completionTokens: 0, totalTokens: tokens });
}

/** 元 per 1 000 tokens (or per call) as the price list shows it, from 分 per million: exact to 0.0001 元. */
export function yuanPerThousandTokens(fenPerMillion: number, multiplierPermille: number): string {
  // 分/百万 × 倍率/1000 → 元/千 = fen × mult / 1000 / 100 / 1000 = fen × mult / 1e8.
  const scaled = big(fenPerMillion) * big(multiplierPermille); // in 1e-8 元 per 1 000 tokens
  const whole = scaled / 100_000_000n;
  const fraction = (scaled % 100_000_000n).toString().padStart(8, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** One app's price as the price list and the console say it (元 per 1 000 tokens, or per call). */
export function describePrice(price: CallPrice): string {
  // 分 per call in the same exact notation: fen × 1000 × 1000 / 1e8 = fen / 100 元.
  if (price.mode === "call") return `¥${yuanPerThousandTokens(price.callFen * 1000, 1000)} / 次`;
  const multiplier = price.multiplierPermille === 1000 ? "" : `（倍率 ×${price.multiplierPermille / 1000}）`;
  if (!price.split) return `¥${yuanPerThousandTokens(price.inputFenPerMillion, price.multiplierPermille)} / 千 tokens${multiplier}`;
  return `输入 ¥${yuanPerThousandTokens(price.inputFenPerMillion, price.multiplierPermille)}、输出 ¥${yuanPerThousandTokens(price.outputFenPerMillion, price.multiplierPermille)} / 千 tokens${multiplier}`;
}
