import { describe, expect, it, vi } from "vitest";
import { isChunkLoadError } from "./chunk-error";
import { reloadOnce } from "./reload-guard";

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

describe("reloadOnce", () => {
  it("reloads a path at most once per 10 seconds", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnce("/a", storage, reload, 1_000)).toBe(true);
    expect(reloadOnce("/a", storage, reload, 10_999)).toBe(false);
    expect(reloadOnce("/b", storage, reload, 10_999)).toBe(true);
    expect(reloadOnce("/a", storage, reload, 11_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });
});

describe("isChunkLoadError", () => {
  it("recognises failed chunk loads and nothing else", () => {
    const chunkError = new Error("Loading chunk 123 failed.");
    chunkError.name = "ChunkLoadError";
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /x.js"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
