/**
 * "12.34" / "12.3" / "12" 元 → 1234 / 1230 / 1200 分, read as text (never a float); anything else → null.
 * Shared by the refund dialog (to check as the operator types) and the API (which decides).
 */
export function yuanToFen(yuan: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** 1234 分 → "12.34" (the dialog's default: the whole remainder). */
export function fenToYuanText(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, "0")}`;
}
