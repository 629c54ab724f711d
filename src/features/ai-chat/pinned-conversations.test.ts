import { describe, expect, it } from "vitest";
import { filterByTitle, splitPinned } from "./pinned-conversations";

const items = [
  { id: "a", name: "周报" },
  { id: "b", name: "Travel 计划" },
  { id: "c", name: "" },
];

describe("splitPinned", () => {
  it("puts pinned conversations first in pin order and keeps the rest in list order", () => {
    const pins = (ids: string[]) => ids.map((conversationId) => ({ conversationId }));
    expect(splitPinned(items, pins(["c", "a", "unknown"]))).toEqual({ pinned: [items[2], items[0]], others: [items[1]] });
    expect(splitPinned(items, [])).toEqual({ pinned: [], others: items });
  });

  it("shows a pinned conversation whose page is not loaded yet by the pin's title", () => {
    expect(splitPinned(items, [{ conversationId: "old", name: "去年的旧对话", updated_at: 1 }, { conversationId: "a", name: "旧名" }]).pinned).toEqual([{ id: "old", name: "去年的旧对话", updated_at: 1 }, items[0]]);
  });
});

describe("filterByTitle", () => {
  it("matches titles case-insensitively and restores the list for an empty query", () => {
    expect(filterByTitle(items, "travel")).toEqual([items[1]]);
    expect(filterByTitle(items, "  ")).toEqual(items);
  });
});
