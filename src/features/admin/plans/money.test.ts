import { describe, expect, it } from "vitest";
import { fenToYuan, yuanToFen } from "./money";

describe("元 ↔ 分", () => {
  it("converts on the digits, exactly", () => {
    expect(yuanToFen("49")).toBe(4_900);
    expect(yuanToFen(" 19.9 ")).toBe(1_990);
    expect(yuanToFen("0.07")).toBe(7);
    // 0.29 * 100 is 28.999999999999996 in floating point: never rounded through a float.
    expect(yuanToFen("0.29")).toBe(29);
    expect(yuanToFen("1234567.89")).toBe(123_456_789);
    expect([4_900, 1_990, 7, 29, 0, 123_456_789].map((fen) => yuanToFen(fenToYuan(fen)))).toEqual([4_900, 1_990, 7, 29, 0, 123_456_789]);
    expect(fenToYuan(1_990)).toBe("19.90");
  });

  it("refuses negative, over-precise and malformed amounts instead of rounding", () => {
    for (const text of ["-1", "1.005", "abc", "", "1e3", "1,000", "0x10", "10000000000"]) expect(yuanToFen(text), text).toBeNull();
  });
});
