/** 元 as typed ("12", "12.5", "12.50") → 分, exactly (no float arithmetic); null when it is not an amount. */
export function yuanToFen(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** 分 → 元 as an input shows it ("12.5" → "12.50"; whole amounts without decimals). */
export function fenToYuanInput(fen: number): string {
  return fen % 100 === 0 ? String(fen / 100) : `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, "0")}`;
}
