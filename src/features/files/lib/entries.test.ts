import { describe, expect, it } from "vitest";
import { filterEntries, sortEntries, toEntries, type ListedObject } from "./entries";

const file = (name: string, size: number, updated: string): ListedObject => ({
  name,
  id: `id-${name}`,
  updated_at: updated,
  metadata: { size, mimetype: "text/plain" },
});

const listed: ListedObject[] = [
  file("b.txt", 300, "2026-01-03T00:00:00Z"),
  { name: "!E6!96!87!E6!A1!A3", id: null },
  file("a.txt", 100, "2026-01-01T00:00:00Z"),
  file(".emptyFolderPlaceholder", 0, "2026-01-01T00:00:00Z"),
  file("c10.txt", 200, "2026-01-02T00:00:00Z"),
  file("c9.txt", 200, "2026-01-02T00:00:00Z"),
];

describe("entries", () => {
  const entries = toEntries(listed, "user/docs");

  it("turns a listing into entries, decoding names and hiding the folder placeholder", () => {
    expect(entries.map((e) => [e.kind, e.name, e.key])).toEqual([
      ["file", "b.txt", "user/docs/b.txt"],
      ["folder", "文档", "user/docs/!E6!96!87!E6!A1!A3"],
      ["file", "a.txt", "user/docs/a.txt"],
      ["file", "c10.txt", "user/docs/c10.txt"],
      ["file", "c9.txt", "user/docs/c9.txt"],
    ]);
    expect(entries[0]).toMatchObject({ size: 300, mimeType: "text/plain", updatedAt: "2026-01-03T00:00:00Z" });
  });

  it("sorts folders first, then files by name (numbers naturally), size or time", () => {
    const names = (field: "name" | "size" | "updated_at", order: "asc" | "desc") => sortEntries(entries, field, order).map((e) => e.name);
    expect(names("name", "asc")).toEqual(["文档", "a.txt", "b.txt", "c9.txt", "c10.txt"]);
    expect(names("size", "desc")).toEqual(["文档", "b.txt", "c10.txt", "c9.txt", "a.txt"]);
    expect(names("updated_at", "asc")).toEqual(["文档", "a.txt", "c9.txt", "c10.txt", "b.txt"]);
  });

  it("filters by a part of the name", () => {
    expect(filterEntries(entries, " C1 ").map((e) => e.name)).toEqual(["c10.txt"]);
    expect(filterEntries(entries, "")).toHaveLength(5);
  });
});
