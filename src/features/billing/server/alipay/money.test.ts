import { describe, expect, it } from "vitest";
import { fenToYuan, orderIdOf, outTradeNoOf, yuanToFen } from "./money";

describe("Alipay amounts and order numbers", () => {
  it("fen ↔ yuan strings, exactly, never through a float", () => {
    expect([4900, 49000, 1, 10, 0, 1999].map(fenToYuan)).toEqual(["49.00", "490.00", "0.01", "0.10", "0.00", "19.99"]);
    expect(["49.00", "49.5", "49", "0.01", "19.99"].map(yuanToFen)).toEqual([4900, 4950, 4900, 1, 1999]);
    for (const bad of ["49.001", "-1.00", "1e3", " 49.00", "49.", "", undefined, "0x10"]) expect(yuanToFen(bad)).toBeNull();
    expect(() => fenToYuan(1.5)).toThrow();
    expect(() => fenToYuan(-1)).toThrow();
  });

  it("out_trade_no is the order uuid without hyphens, and back", () => {
    const id = "0b6f1c7e-58a4-4c1e-9a0e-3f2d4b5c6a7d";
    const no = outTradeNoOf({ id });
    expect(no).toBe("0b6f1c7e58a44c1e9a0e3f2d4b5c6a7d");
    expect(orderIdOf(no)).toBe(id);
    for (const bad of ["", "abc", `${no}0`, "0b6f1c7e-58a4-4c1e-9a0e-3f2d4b5c6a7d", "' or 1=1 --"]) expect(orderIdOf(bad)).toBeNull();
  });
});
