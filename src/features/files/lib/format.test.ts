import { describe, expect, it } from "vitest";
import { formatBytes, formatDateTime, formatRelativeTime } from "./format";

describe("formatBytes", () => {
  it("uses 字节 below a kilobyte and binary units above", () => {
    expect(formatBytes(0)).toBe("0 字节");
    expect(formatBytes(1023)).toBe("1023 字节");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(2 * 1024 * 1024)).toBe("2 MB");
    expect(formatBytes(50 * 1024 * 1024 + 1)).toBe("50 MB");
    expect(formatBytes(123.4 * 1024 * 1024)).toBe("123 MB");
    expect(formatBytes(3 * 1024 ** 3)).toBe("3 GB");
    expect(formatBytes(-1)).toBe("—");
  });
});

describe("times", () => {
  it("formats an absolute time in Chinese", () => {
    expect(formatDateTime("2026-11-22T00:45:00Z", "Asia/Shanghai")).toBe("2026年11月22日 08:45");
    expect(formatDateTime("not a date")).toBe("—");
  });

  it("says how long ago recent times were", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    expect(formatRelativeTime("2026-11-22T11:59:30Z", now)).toBe("刚刚");
    expect(formatRelativeTime("2026-11-22T11:55:00Z", now)).toBe("5 分钟前");
    expect(formatRelativeTime("2026-11-22T09:00:00Z", now)).toBe("3 小时前");
    expect(formatRelativeTime("2026-11-20T12:00:00Z", now, "UTC")).toBe("2026年11月20日 12:00");
  });
});
