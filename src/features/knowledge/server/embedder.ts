import OpenAI from "openai";
import { createDemoModelProvider, DEMO_PROVIDER_KEY } from "@/embedded/model-provider";
import { getEnv } from "@/lib/env";

/** Turns texts into vectors, with the name of the model (vectors of different models never meet). */
export interface Embedder {
  model: string;
  embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]>;
}

const EMBEDDED = "embedded:model-provider";
/** Inputs per provider call: OpenAI takes up to 2048; smaller batches keep each request body modest. */
const BATCH = 64;

/**
 * The embedder of KNOWLEDGE_EMBEDDINGS_*: one provider and model for every knowledge base, so any model app
 * can search any base (an app's own embedding model would split the collection by app). The embedded demo
 * provider is reached in-process by its HTTP protocol through the official client's `fetch` option.
 */
export function embedderFromEnv(): Embedder {
  const env = getEnv();
  const embedded = env.KNOWLEDGE_EMBEDDINGS_BASE_URL === EMBEDDED;
  let provider: ReturnType<typeof createDemoModelProvider> | undefined;
  const client = new OpenAI({
    baseURL: embedded ? "http://embedded-model-provider.invalid" : env.KNOWLEDGE_EMBEDDINGS_BASE_URL,
    apiKey: embedded ? DEMO_PROVIDER_KEY : (env.KNOWLEDGE_EMBEDDINGS_API_KEY ?? "not-needed"),
    maxRetries: 2,
    timeout: 60_000,
    ...(embedded ? { fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise.resolve((provider ??= createDemoModelProvider()).fetch(new Request(input, init))) } : {}),
  });
  return openAiEmbedder(client, env.KNOWLEDGE_EMBEDDINGS_MODEL);
}

export function openAiEmbedder(client: OpenAI, model: string): Embedder {
  return {
    model,
    async embed(texts, signal) {
      const vectors: number[][] = [];
      for (let start = 0; start < texts.length; start += BATCH) {
        const input = texts.slice(start, start + BATCH);
        const result = await client.embeddings.create({ model, input, encoding_format: "float" }, { signal });
        vectors.push(...[...result.data].sort((a, b) => a.index - b.index).map((item) => item.embedding));
      }
      return vectors;
    },
  };
}
