import { createHash } from "node:crypto";
import { countTokens } from "@/lib/token-estimate";

/** The demo provider's embedding model: stable vectors, so a search built on them is testable offline. */
export const DEMO_PROVIDER_EMBEDDING_MODELS = [{ id: "spark-embed", name: "火花 向量版", dimensions: 64 }] as const;

/**
 * A unit vector for a text, the same on every run and machine: SHA-256 of the text and each block's
 * number, read as bytes centred on zero, then normalized (as real embedding models return them).
 */
export function demoEmbedding(text: string, dimensions: number): number[] {
  const values: number[] = [];
  for (let block = 0; values.length < dimensions; block += 1) {
    for (const byte of createHash("sha256").update(`${block}:${text}`).digest()) values.push(byte - 127.5);
  }
  const vector = values.slice(0, dimensions);
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
