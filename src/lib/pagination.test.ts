import { describe, expect, it } from "vitest";
import { MAX_PAGE_NUMBER, parsePageNumber } from "./pagination";

describe("parsePageNumber", () => {
  it("reads a page number", () => {
    expect(parsePageNumber("1")).toBe(1);
    expect(parsePageNumber("7")).toBe(7);
    expect(parsePageNumber("3abc")).toBe(3);
    expect(parsePageNumber(" 12")).toBe(12);
  });

  it("falls back to page 1 for a missing, repeated or non-numeric value", () => {
    for (const value of [undefined, null, "", "abc", "0", "-5", "NaN", ["2", "3"]]) expect(parsePageNumber(value)).toBe(1);
  });

  it("stops at the last page the lists go to", () => {
    expect(parsePageNumber(String(MAX_PAGE_NUMBER))).toBe(MAX_PAGE_NUMBER);
    expect(parsePageNumber("999999999999")).toBe(MAX_PAGE_NUMBER);
    expect(parsePageNumber("1e9")).toBe(1);
  });
});
