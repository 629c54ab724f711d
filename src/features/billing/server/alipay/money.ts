import type { CheckoutOrder } from "@/lib/db";

/** 4900 分 → "49.00": Alipay amounts are yuan strings with exactly two decimals. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new Error(`金额必须是非负整数分：${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, "0")}`;
}

/** "49.00" / "49.5" / "49" → 4900 / 4950 / 4900; anything else → null. Parsed as text, never as a float. */
export function yuanToFen(yuan: string | undefined): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(yuan ?? "");
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/**
 * out_trade_no: Alipay allows letters, digits and underscores (≤ 64), so the order's uuid goes
 * without its hyphens (32 hex digits) and comes back by putting them in again.
 */
export function outTradeNoOf(order: Pick<CheckoutOrder, "id">): string {
  return order.id.replace(/-/g, "");
}

export function orderIdOf(outTradeNo: string | undefined): string | null {
  const match = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/i.exec(outTradeNo ?? "");
  return match ? match.slice(1).join("-").toLowerCase() : null;
}
