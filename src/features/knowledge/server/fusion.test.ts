import { describe, expect, it } from "vitest";
import { cosineSimilarity, reciprocalRankFusion, RRF_K } from "./fusion";
import { searchTerms, segmentWords } from "./segment";

describe("retrieval pieces", () => {
  it("fuses ranked lists by reciprocal rank: agreement beats one list's first place", () => {
    const fused = reciprocalRankFusion([["a", "b", "c"], ["b", "d", "a"]], 3);
    expect(fused.map((entry) => entry.id)).toEqual(["b", "a", "d"]);
    expect(fused[0]!.score).toBeCloseTo(1 / (RRF_K + 2) + 1 / (RRF_K + 1));
    expect(reciprocalRankFusion([], 5)).toEqual([]);
  });

  it("measures cosine similarity, 0 for a zero vector", () => {
    expect(cosineSimilarity([1, 0], [1, 0])).toBeCloseTo(1);
    expect(cosineSimilarity([1, 0], [0, 2])).toBeCloseTo(0);
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
  });

  it("segments Chinese into words, lower-cased, without punctuation; Han words also give their characters", () => {
    expect(segmentWords("思维火花支持中文检索，Hybrid Search！")).toEqual(expect.arrayContaining(["中文", "检索", "hybrid", "search"]));
    expect(segmentWords("，。！")).toEqual([]);
    expect(searchTerms("中文")).toEqual(["中文", "中", "文"]);
  });
});
