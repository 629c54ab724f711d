import { describe, expect, it } from "vitest";
import { confidenceWeightedFusion, cosineSimilarity, listConfidence, type ScoredCandidate } from "./fusion";
import { searchTerms, segmentWords } from "./segment";

describe("retrieval pieces", () => {
  const list = (...entries: [string, number][]): ScoredCandidate[] => entries.map(([id, score]) => ({ id, score }));

  it("measures a list's confidence by how far its first place stands above the next nine", () => {
    expect(listConfidence([30, 8, 7, 6])).toBeCloseTo(1 - 7 / 30);
    expect(listConfidence([0.31, 0.3, 0.3, 0.29])).toBeLessThan(0.05);
    expect(listConfidence([0.5])).toBe(1);
    expect(listConfidence([])).toBe(0);
    expect(listConfidence([0, 0])).toBe(0);
  });

  it("lets sure embeddings bring up the chunk full text misses (full text flat)", () => {
    const fullText = list(["a", 5], ["b", 4.9], ["c", 4.8], ["d", 4.7], ["e", 4.6], ["f", 1]);
    const embeddings = list(["x", 0.9], ["a", 0.2], ["b", 0.2], ["c", 0.19], ["d", 0.18]);
    expect(confidenceWeightedFusion([fullText, embeddings], 5)[0]!.id).toBe("x");
  });

  it("keeps a clear full-text winner first over flat embeddings that favour other chunks", () => {
    const fullText = list(["a", 30], ["b", 8], ["c", 7], ["d", 6], ["e", 5]);
    // Reciprocal-rank fusion would put b first here (2nd in both lists beats 1st + 4th).
    const embeddings = list(["d", 0.31], ["b", 0.305], ["c", 0.3], ["a", 0.298], ["e", 0.297], ["f", 0.29]);
    const fused = confidenceWeightedFusion([fullText, embeddings], 3);
    expect(fused.map((entry) => entry.id)).toEqual(["a", "b", "c"]);
    expect(fused[0]!.score).toBeGreaterThan(0.9);
    expect(fused[0]!.score).toBeLessThanOrEqual(1);
  });

  it("fuses nothing into nothing and one list into its own order", () => {
    expect(confidenceWeightedFusion([], 5)).toEqual([]);
    expect(confidenceWeightedFusion([[], []], 5)).toEqual([]);
    expect(confidenceWeightedFusion([list(["a", 2], ["b", 1])], 5).map((entry) => entry.id)).toEqual(["a", "b"]);
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
