import { describe, expect, it } from "vitest";
import { decodeKeySegment, EMPTY_FOLDER_PLACEHOLDER, encodeKeySegment, nameProblem } from "./object-names";

// The key check of hosted Supabase Storage (storage-api `isValidKey`).
const HOSTED_KEY = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

describe("object names", () => {
  it("keeps plain ASCII names as they are", () => {
    expect(encodeKeySegment("report-2026 (final)_v2.pdf")).toBe("report-2026 (final)_v2.pdf");
  });

  it("encodes other characters as UTF-8 bytes that hosted Storage accepts, and decodes them back", () => {
    const names = ["报告.pdf", "猫 🐱.png", "a!b.txt", "100%.txt", "é&ü#?.md", "文件夹"];
    for (const name of names) {
      const encoded = encodeKeySegment(name);
      expect(encoded).toMatch(HOSTED_KEY);
      expect(encoded).not.toMatch(/[^\x20-\x7e]/);
      expect(decodeKeySegment(encoded)).toBe(name);
    }
    expect(encodeKeySegment("报告.pdf")).toBe("!E6!8A!A5!E5!91!8A.pdf");
  });

  it("keeps prefixes, so a prefix search on encoded names works", () => {
    expect(encodeKeySegment("报告.pdf").startsWith(encodeKeySegment("报"))).toBe(true);
  });

  it("shows keys written by other tools unchanged", () => {
    expect(decodeKeySegment("hello!.txt")).toBe("hello!.txt");
    expect(decodeKeySegment("50%.txt")).toBe("50%.txt");
    expect(decodeKeySegment("bad!FF.txt")).toBe("bad!FF.txt"); // not valid UTF-8
  });

  it("explains names that cannot be used", () => {
    expect(nameProblem("  ")).toBe("请输入名称");
    expect(nameProblem("a/b")).toBe("名称不能包含“/”");
    expect(nameProblem("..")).toBe("名称不能是“.”或“..”");
    expect(nameProblem("a\u0007b")).toBe("名称不能包含控制字符");
    expect(nameProblem(EMPTY_FOLDER_PLACEHOLDER)).toBe("这个名称是系统保留的");
    expect(nameProblem("字".repeat(40))).toBe("名称太长了，请缩短一些");
    expect(nameProblem("季度报告.xlsx")).toBeNull();
  });
});
