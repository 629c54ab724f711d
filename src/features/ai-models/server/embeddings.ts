import type { Database } from "@/lib/db/types";
import { countTokens } from "@/lib/token-estimate";
import { z } from "@/lib/zod";
import { HTTP_STATUS } from "./chat-messages";
import { difyErrorJson } from "./dify-error";
import { providerClient, type EmbeddedProvider } from "./provider-client";
import { PROVIDER_FAILURE_TEXT, toProviderError } from "./provider-errors";
import type { ModelApp } from "./settings";

/** Longest text of one input, and inputs per call (OpenAI allows 2048; a 1 MB body holds fewer long ones). */
export const MAX_EMBEDDING_INPUT_CHARS = 30_000;
export const MAX_EMBEDDING_INPUTS = 256;

const input = z.string().min(1, "input 不能是空字符串").max(MAX_EMBEDDING_INPUT_CHARS, `每条 input 最长 ${MAX_EMBEDDING_INPUT_CHARS} 个字符`);

/** The body of `POST /embeddings`, an addition to Dify's protocol for model apps (`/v1/embeddings`). */
export const embeddingsBody = z.looseObject({
  user: z.string().min(1),
  model: z.string({ message: "请指定 model" }).min(1, "请指定 model").max(128),
  input: z.union([input, z.array(input, { message: "input 必须是字符串或字符串数组" }).min(1, "input 不能为空").max(MAX_EMBEDDING_INPUTS, `input 最多 ${MAX_EMBEDDING_INPUTS} 条`)], {
    message: "input 必须是字符串或字符串数组",
  }),
  dimensions: z.number({ message: "dimensions 必须是整数" }).int("dimensions 必须是整数").min(1).max(4096).optional(),
});

interface EmbeddingDeps {
  db: Database;
  embedded: EmbeddedProvider;
  fetch?: typeof fetch;
}

/**
 * Vectors from the app's provider for one of its embedding models. The usage goes in
 * `metadata.usage` as a chat answer's does, so the proxy records and bills it the same way: input
 * tokens (as the provider reports them, else estimated) times the model's weight.
 */
export async function answerEmbeddings(deps: EmbeddingDeps, app: ModelApp, body: z.infer<typeof embeddingsBody>, signal: AbortSignal): Promise<Response> {
  const model = app.settings.embeddingModels.find((candidate) => candidate.id === body.model);
  if (!model) return difyErrorJson(400, "model_no_embeddings", "这个应用没有该向量模型。");
  const inputs = typeof body.input === "string" ? [body.input] : body.input;
  const client = providerClient(app.settings.provider, { embedded: deps.embedded, timeoutMs: app.settings.firstByteTimeoutMs, fetch: deps.fetch });
  try {
    const result = await client.embeddings.create({ model: model.id, input: inputs, encoding_format: "float", ...(body.dimensions ? { dimensions: body.dimensions } : {}) }, { signal });
    const reported = result.usage?.prompt_tokens;
    const promptTokens = reported ?? inputs.reduce((sum, text) => sum + countTokens(text), 0);
    const id = crypto.randomUUID();
    return Response.json({
      id,
      message_id: id,
      embeddings: [...result.data].sort((a, b) => a.index - b.index).map((item) => item.embedding),
      metadata: { usage: { prompt_tokens: promptTokens, completion_tokens: 0, total_tokens: Math.ceil(promptTokens * model.weight), model: model.id, estimated: reported === undefined } },
    });
  } catch (error) {
    const cause = toProviderError(error);
    console.warn(`[model app ${app.appid}] embeddings ${model.id}: ${cause.message}`);
    return difyErrorJson(HTTP_STATUS[cause.failure], `model_${cause.failure}`, PROVIDER_FAILURE_TEXT[cause.failure]);
  }
}
