import { describe, expect, it } from "vitest";
import { formatOrderNumber } from "./format";

describe("formatOrderNumber", () => {
  it("is short and readable: the China-time day and the id's first 8 hex digits", () => {
    // 2026-11-23 17:30 UTC is already the 24th in Shanghai.
    expect(formatOrderNumber({ id: "3f9a1c0b-5e2d-4c1a-9b7e-0123456789ab", createdAt: "2026-11-23T17:30:00Z" })).toBe("20261124-3F9A1C0B");
  });
});
