import { describe, expect, it } from "vitest";
import { demoEmbedding } from "./embeddings";

const cosine = (a: number[], b: number[]) => a.reduce((sum, value, index) => sum + value * b[index]!, 0);

describe("the demo provider's embeddings", () => {
  it("are stable unit vectors that carry meaning: texts sharing words point closer than unrelated ones", () => {
    const question = demoEmbedding("咖啡机多久需要除垢？", 64);
    expect(demoEmbedding("咖啡机多久需要除垢？", 64)).toEqual(question);
    expect(Math.hypot(...question)).toBeCloseTo(1, 6);
    const answer = demoEmbedding("每使用两百杯，咖啡机需要用柠檬酸除垢一次。", 64);
    const unrelated = demoEmbedding("整机保修两年，发票请妥善保存。", 64);
    expect(cosine(question, answer)).toBeGreaterThan(cosine(question, unrelated) + 0.2);
  });

  it("give a text without words (punctuation) a vector too", () => {
    expect(Math.hypot(...demoEmbedding("？！。", 64))).toBeCloseTo(1, 6);
  });
});
