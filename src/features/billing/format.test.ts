import { describe, expect, it } from "vitest";
import { formatAmountFen, formatOrderNumber, formatPriceCny, formatTokens } from "./format";

describe("formatOrderNumber", () => {
  it("is short and readable: the China-time day and the id's first 8 hex digits", () => {
    // 2026-11-23 17:30 UTC is already the 24th in Shanghai.
    expect(formatOrderNumber({ id: "3f9a1c0b-5e2d-4c1a-9b7e-0123456789ab", createdAt: "2026-11-23T17:30:00Z" })).toBe("20261124-3F9A1C0B");
  });
});

describe("amounts and token counts", () => {
  it("shows yuan without 分 when whole, with two digits otherwise, a refund's minus before the sign", () => {
    expect(formatAmountFen(4900)).toBe("¥49");
    expect(formatAmountFen(199_000)).toBe("¥1,990");
    expect(formatAmountFen(50)).toBe("¥0.50");
    expect(formatAmountFen(12_345)).toBe("¥123.45");
    expect(formatAmountFen(-4900)).toBe("-¥49");
    expect(formatAmountFen(1000, "usd")).toBe("USD 10");
    expect(formatPriceCny(19.9)).toBe("¥19.90");
  });

  it("counts tokens in 万 when they are whole ten-thousands, with grouping otherwise", () => {
    expect(formatTokens(2_000_000)).toBe("200 万");
    expect(formatTokens(10_000_000)).toBe("1000 万");
    expect(formatTokens(8_500)).toBe("8,500");
    expect(formatTokens(123_456)).toBe("123,456");
  });
});
