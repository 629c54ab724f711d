import { describe, expect, it, vi } from "vitest";
import { WriteBatcher } from "./write-batcher";

describe("WriteBatcher", () => {
  it("writes items added in the same moment with one call, and resolves each once written", async () => {
    const writes: number[][] = [];
    const batcher = new WriteBatcher<number>(async (items) => void writes.push(items), 0);
    await Promise.all([batcher.add(1), batcher.add(2), batcher.add(3)]);
    expect(writes).toEqual([[1, 2, 3]]);
  });

  it("splits a burst larger than the batch size", async () => {
    const write = vi.fn<(items: number[]) => Promise<void>>(async () => undefined);
    const batcher = new WriteBatcher<number>(write, 0, 2);
    await Promise.all([1, 2, 3, 4, 5].map((item) => batcher.add(item)));
    expect(write.mock.calls.map(([items]) => items)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("rejects every item of a failed batch and goes on with the next", async () => {
    let fail = true;
    const batcher = new WriteBatcher<string>(async () => {
      if (fail) throw new Error("数据库不可用");
    }, 0);
    const failed = await Promise.allSettled([batcher.add("a"), batcher.add("b")]);
    expect(failed.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    await expect(batcher.add("c")).resolves.toBeUndefined();
  });
});
