/** Display formats of billing: dates in China time (the product's audience), amounts in yuan. */
// Made once: `toLocaleString(locale, options)` builds a new Intl formatter on every call.
const dateFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit", day: "2-digit" });
const wholeYuan = new Intl.NumberFormat("zh-CN", { maximumFractionDigits: 0 });
const yuanAndFen = new Intl.NumberFormat("zh-CN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const tenThousands = new Intl.NumberFormat("zh-CN", { useGrouping: false });
const tokenCount = new Intl.NumberFormat("zh-CN");

/** `2026-12-21` (the calendar day in Asia/Shanghai). */
export function formatBillingDate(value: string | Date): string {
  return dateFormat.format(typeof value === "string" ? new Date(value) : value);
}

/** `2026-11-21 — 2026-12-21`, or `—` when a payment covers no period (a refund). */
export function formatBillingPeriod(start: string | Date | null, end: string | Date | null): string {
  return start && end ? `${formatBillingDate(start)} — ${formatBillingDate(end)}` : "—";
}

/** `¥49` / `¥1,990` / `¥0.50` from an amount in 分 (minor unit). */
export function formatAmountFen(amount: number, currency = "cny"): string {
  const value = Math.abs(amount) / 100;
  const symbol = currency.toLowerCase() === "cny" ? "¥" : `${currency.toUpperCase()} `;
  // A refund is negative: "-¥49", not "¥-49".
  return `${amount < 0 ? "-" : ""}${symbol}${(Number.isInteger(value) ? wholeYuan : yuanAndFen).format(value)}`;
}

/** `¥49` from a price in yuan. */
export function formatPriceCny(yuan: number): string {
  return formatAmountFen(Math.round(yuan * 100));
}

/** `200 万` / `1000 万` / `8,500` — token counts the way Chinese readers count them. */
export function formatTokens(tokens: number): string {
  if (tokens >= 10_000 && tokens % 10_000 === 0) return `${tenThousands.format(tokens / 10_000)} 万`;
  return tokenCount.format(tokens);
}

/**
 * A short order number people can read out or type to support: the order's day in China time and the
 * first 8 hex digits of its id, `20261123-3F9A1C0B`. Derived, not stored: the id stays the key, and
 * this is unique enough per day to find the order from it.
 */
export function formatOrderNumber(order: { id: string; createdAt: string | Date }): string {
  const day = formatBillingDate(order.createdAt).replaceAll("-", "");
  return `${day}-${order.id.replaceAll("-", "").slice(0, 8).toUpperCase()}`;
}
