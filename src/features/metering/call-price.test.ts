import { describe, expect, it } from "vitest";
import { callCostFen, callPrice, DEFAULT_PRICE_RULE, describePrice, reservationCostFen, yuanPerThousandTokens } from "./call-price";

const BASE = 1000; // ¥10 per million tokens

describe("call prices in 分", () => {
  it("prices the metered total at the base price times the 倍率, rounded up per call", () => {
    const x1 = callPrice(DEFAULT_PRICE_RULE, BASE);
    expect(callCostFen(x1, { promptTokens: 400, completionTokens: 600, totalTokens: 1_000 })).toBe(1);
    expect(callCostFen(x1, { promptTokens: 0, completionTokens: 0, totalTokens: 1_001 })).toBe(2);
    expect(callCostFen(x1, { promptTokens: 0, completionTokens: 0, totalTokens: 0 })).toBe(0);
    const x2 = callPrice({ ...DEFAULT_PRICE_RULE, multiplierPermille: 2000 }, BASE);
    expect(callCostFen(x2, { promptTokens: 0, completionTokens: 0, totalTokens: 100_000 })).toBe(200);
    const x1_5 = callPrice({ ...DEFAULT_PRICE_RULE, multiplierPermille: 1500 }, BASE);
    expect(callCostFen(x1_5, { promptTokens: 0, completionTokens: 0, totalTokens: 100_000 })).toBe(150);
  });

  it("prices input and output apart when the app has its own prices (the other falls back to the base)", () => {
    const split = callPrice({ ...DEFAULT_PRICE_RULE, outputFenPerMillion: 4000 }, BASE);
    // 100 000 × 1000 + 50 000 × 4000 = 3e8 → 300 分.
    expect(callCostFen(split, { promptTokens: 100_000, completionTokens: 50_000, totalTokens: 150_000 })).toBe(300);
    expect(reservationCostFen(split, 2_000)).toBe(8);
  });

  it("a price per call is that price whatever the tokens; huge counts stay exact", () => {
    const perCall = callPrice({ ...DEFAULT_PRICE_RULE, mode: "call", callFen: 5 }, BASE);
    expect(callCostFen(perCall, { promptTokens: 9e6, completionTokens: 9e6, totalTokens: 18e6 })).toBe(5);
    expect(reservationCostFen(perCall, 2_000)).toBe(5);
    const dear = callPrice({ ...DEFAULT_PRICE_RULE, multiplierPermille: 3333 }, 99_999_999);
    expect(callCostFen(dear, { promptTokens: 0, completionTokens: 0, totalTokens: 1_999_999_999 })).toBe(Number((1_999_999_999n * 99_999_999n * 3333n + 999_999_999n) / 1_000_000_000n));
  });

  it("shows 元 per 1 000 tokens exactly", () => {
    expect(yuanPerThousandTokens(1000, 1000)).toBe("0.01");
    expect(yuanPerThousandTokens(1000, 2000)).toBe("0.02");
    expect(yuanPerThousandTokens(1, 1000)).toBe("0.00001");
    expect(yuanPerThousandTokens(150_000, 1000)).toBe("1.5");
  });

  it("says each price in 元 per 1 000 tokens or per call", () => {
    expect(describePrice(callPrice(DEFAULT_PRICE_RULE, BASE))).toBe("¥0.01 / 千 tokens");
    expect(describePrice(callPrice({ ...DEFAULT_PRICE_RULE, multiplierPermille: 2000 }, BASE))).toBe("¥0.02 / 千 tokens（倍率 ×2）");
    expect(describePrice(callPrice({ ...DEFAULT_PRICE_RULE, outputFenPerMillion: 4000 }, BASE))).toBe("输入 ¥0.01、输出 ¥0.04 / 千 tokens");
    expect(describePrice(callPrice({ ...DEFAULT_PRICE_RULE, mode: "call", callFen: 5 }, BASE))).toBe("¥0.05 / 次");
  });
});
