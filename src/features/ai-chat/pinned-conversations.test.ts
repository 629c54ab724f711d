import { describe, expect, it } from "vitest";
import { filterByTitle, splitPinned } from "./pinned-conversations";

const items = [
  { id: "a", name: "周报" },
  { id: "b", name: "Travel 计划" },
  { id: "c", name: "" },
];

describe("splitPinned", () => {
  it("puts pinned conversations first in pin order and keeps the rest in list order", () => {
    expect(splitPinned(items, ["c", "a", "gone"])).toEqual({ pinned: [items[2], items[0]], others: [items[1]] });
    expect(splitPinned(items, [])).toEqual({ pinned: [], others: items });
  });
});

describe("filterByTitle", () => {
  it("matches titles case-insensitively and restores the list for an empty query", () => {
    expect(filterByTitle(items, "travel")).toEqual([items[1]]);
    expect(filterByTitle(items, "  ")).toEqual(items);
  });
});
