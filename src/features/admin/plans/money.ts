/**
 * 元 as the operator types them ↔ 分 as stored, converted on the digits (never through a float, so
 * 19.90 is 1990 分 exactly). At most two decimals; anything else is refused, not rounded.
 */
const YUAN = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/** `"49"` → 4900, `"0.5"` → 50, `"19.99"` → 1999; null for `"-1"`, `"1.005"`, `"abc"`, `""`. */
export function yuanToFen(text: string): number | null {
  const match = YUAN.exec(text.trim());
  if (!match) return null;
  const fen = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(fen) ? fen : null;
}

/** 4900 → `"49"`, 1990 → `"19.90"`, 5 → `"0.05"`. */
export function fenToYuan(fen: number): string {
  const yuan = Math.trunc(fen / 100);
  const rest = fen % 100;
  return rest === 0 ? String(yuan) : `${yuan}.${String(rest).padStart(2, "0")}`;
}

export const BYTES_PER_MB = 1024 * 1024;
