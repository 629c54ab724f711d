import { afterEach, describe, expect, it, vi } from "vitest";
import { TtlCache } from "./ttl-cache";

describe("TtlCache", () => {
  afterEach(() => vi.useRealTimers());

  it("forgets entries after their TTL and keeps at most maxEntries", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cache = new TtlCache<number>(1000, 2);
    cache.set("a", 1);
    cache.set("b", 2);
    cache.set("c", 3);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("c")).toBe(3);
    vi.advanceTimersByTime(1000);
    expect(cache.get("b")).toBeUndefined();
  });

  it("caches nothing with a TTL of 0 and shares one load between concurrent misses", async () => {
    const off = new TtlCache<number>(0, 10);
    off.set("a", 1);
    expect(off.get("a")).toBeUndefined();
    const cache = new TtlCache<number>(1000, 10);
    const load = vi.fn(async () => 7);
    expect(await Promise.all([cache.getOrLoad("k", load), cache.getOrLoad("k", load)])).toEqual([7, 7]);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
