import { describe, expect, it } from "vitest";
import { chunkParts, CHUNK_CHARS, CHUNK_OVERLAP_CHARS } from "./chunk";

describe("chunking", () => {
  const sentence = (index: number) => `这是第${index}句话，用来测试中文分块是否在句子边界切开。`;
  const long = Array.from({ length: 60 }, (_, index) => sentence(index)).join("");

  it("cuts ~500-character chunks at Chinese sentence ends, each starting with the previous one's last sentences", () => {
    const chunks = chunkParts([{ text: long, page: 4, section: "第一章" }]);
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(chunk.content.length).toBeLessThanOrEqual(CHUNK_CHARS);
      expect(chunk.content.endsWith("。")).toBe(true);
      expect(chunk).toMatchObject({ page: 4, section: "第一章" });
    }
    // Overlap: the next chunk begins with the end of the previous one.
    const tail = chunks[0]!.content.slice(-CHUNK_OVERLAP_CHARS);
    const lastSentence = tail.slice(tail.indexOf("这是"));
    expect(chunks[1]!.content.startsWith(lastSentence)).toBe(true);
    // Nothing is lost: every sentence is in some chunk.
    for (let index = 0; index < 60; index += 1) expect(chunks.some((chunk) => chunk.content.includes(sentence(index)))).toBe(true);
  });

  it("never crosses parts, and keeps short parts whole", () => {
    const chunks = chunkParts([
      { text: "第一页的内容。", page: 1 },
      { text: "第二页的内容！", page: 2 },
    ]);
    expect(chunks).toEqual([
      { content: "第一页的内容。", page: 1 },
      { content: "第二页的内容！", page: 2 },
    ]);
  });

  it("cuts a run without punctuation at the chunk size, and drops empty text", () => {
    const chunks = chunkParts([{ text: "字".repeat(1200) }, { text: "  \n\n " }]);
    expect(chunks.map((chunk) => chunk.content.length)).toEqual([500, 500, 200]);
  });
});
