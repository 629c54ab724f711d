import { createHash } from "node:crypto";
import { countTokens } from "@/lib/token-estimate";

/** The demo provider's embedding model: stable vectors, so a search built on them is testable offline. */
export const DEMO_PROVIDER_EMBEDDING_MODELS = [{ id: "spark-embed", name: "火花 向量版", dimensions: 256 }] as const;

const segmenter = new Intl.Segmenter("zh", { granularity: "word" });
const HAN = /\p{Script=Han}/u;

/** The features a text is made of: its words (ICU's segmenter) and, for Han words, their characters at half weight. */
function featuresOf(text: string): Map<string, number> {
  const features = new Map<string, number>();
  const add = (feature: string, weight: number) => features.set(feature, (features.get(feature) ?? 0) + weight);
  for (const part of segmenter.segment(text.normalize("NFKC").toLowerCase())) {
    if (!part.isWordLike) continue;
    add(`w:${part.segment}`, 1);
    if (part.segment.length > 1 && HAN.test(part.segment)) for (const char of part.segment) add(`c:${char}`, 0.5);
  }
  return features;
}

/**
 * A unit vector for a text, the same on every run and machine, that carries some meaning: a hashed bag of
 * the text's words (each feature adds ±(1 + log tf) to a few dimensions chosen by its SHA-256), so texts
 * that share words point the same way and a search built on the demo provider finds something offline.
 * A text without words (punctuation only) falls back to a hash of the whole text.
 */
export function demoEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  const features = featuresOf(text);
  if (features.size === 0) features.set(`t:${text}`, 1);
  for (const [feature, count] of features) {
    const digest = createHash("sha256").update(feature).digest();
    const weight = 1 + Math.log(count);
    // Two dimensions per feature: fewer collisions cancel out a feature entirely.
    for (let slot = 0; slot < 2; slot += 1) {
      const index = digest.readUInt32LE(slot * 4) % dimensions;
      vector[index]! += digest[8 + slot]! & 1 ? weight : -weight;
    }
  }
  const length = Math.hypot(...vector) || 1;
  return vector.map((value) => value / length);
}

/** OpenAI's `base64` encoding of an embedding: little-endian float32s. */
export function embeddingBase64(vector: readonly number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString("base64");
}

/** Input tokens as the provider reports them (embeddings have no completion). */
export function demoEmbeddingUsage(inputs: readonly string[]) {
  const promptTokens = inputs.reduce((sum, input) => sum + countTokens(input), 0);
  return { prompt_tokens: promptTokens, total_tokens: promptTokens };
}
