import { describe, expect, it } from "vitest";
import { fenToYuanInput, yuanToFen } from "./money-input";

describe("yuan typed → 分", () => {
  it("is exact for whole amounts, one and two decimals", () => {
    expect(yuanToFen("12")).toBe(1200);
    expect(yuanToFen("0.1")).toBe(10);
    expect(yuanToFen("19.99")).toBe(1999);
    // 0.29 * 100 is 28.999999999999996 in floats: no float arithmetic on the way.
    expect(yuanToFen("0.29")).toBe(29);
    expect(yuanToFen(" 5.05 ")).toBe(505);
  });

  it("refuses what is not an amount in 分", () => {
    for (const text of ["", "abc", "-1", "1.234", "1e3", "1,000", "."]) expect(yuanToFen(text)).toBeNull();
  });

  it("shows 分 back as 元", () => {
    expect(fenToYuanInput(1200)).toBe("12");
    expect(fenToYuanInput(1205)).toBe("12.05");
    expect(fenToYuanInput(5)).toBe("0.05");
  });
});
