import { describe, expect, it } from "vitest";
import { readingMinutes } from "./reading-time";

describe("readingMinutes", () => {
  it("counts Chinese characters at about 400 a minute and never says 0", () => {
    expect(readingMinutes("你好")).toBe(1);
    expect(readingMinutes("字".repeat(2000))).toBe(5);
  });

  it("counts Latin words at about 200 a minute", () => {
    expect(readingMinutes("word ".repeat(600))).toBe(3);
  });
});
