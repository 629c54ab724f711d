import { MAX_EMBEDDING_INPUT_CHARS, MAX_EMBEDDING_INPUTS } from "@/features/ai-models/server";
import type { ApiKeyRow } from "@/lib/db";
import { currentRequestId } from "@/lib/net/request-context.mjs";
import { z } from "@/lib/zod";
import { authenticatedRequest, resolveModel, type DeveloperApiDeps } from "./chat-completions";
import { API_MESSAGES, openAiError } from "./openai-errors";
import { fromProxyRefusal } from "./openai-responses";

const input = z
  .string({ message: "input 必须是字符串或字符串数组" })
  .min(1, "input 不能是空字符串")
  .max(MAX_EMBEDDING_INPUT_CHARS, `每条 input 最长 ${MAX_EMBEDDING_INPUT_CHARS} 个字符`);

/** `POST /v1/embeddings` as OpenAI defines it; `user` and other fields are accepted and ignored. */
const embeddingsRequestSchema = z.looseObject({
  model: z.string({ message: "请指定 model" }).trim().min(1, "请指定 model").max(200, "model 太长"),
  input: z.union([input, z.array(input).min(1, "input 不能为空").max(MAX_EMBEDDING_INPUTS, `input 最多 ${MAX_EMBEDDING_INPUTS} 条`)], { message: "input 必须是字符串或字符串数组（暂不支持 token 数组）" }),
  encoding_format: z.enum(["float", "base64"], { message: "encoding_format 必须是 float 或 base64" }).optional(),
  dimensions: z.number({ message: "dimensions 必须是整数" }).int("dimensions 必须是整数").positive("dimensions 必须大于 0").optional(),
});

type ModelEmbeddings = { embeddings: number[][]; metadata: { usage: { prompt_tokens: number; model?: string } } };

/** OpenAI's `base64` encoding: little-endian float32s (what the official clients ask for by default). */
const asBase64 = (vector: number[]) => Buffer.from(new Float32Array(vector).buffer).toString("base64");

/**
 * `POST /v1/embeddings`: vectors from an embedding model of a model app, through the AI proxy (quota,
 * content safety on every input, a usage row billed as input tokens times the model's weight). A Dify
 * app or a chat model refuses clearly.
 */
export async function createEmbeddings(request: Request, deps: DeveloperApiDeps): Promise<Response> {
  const authenticated = await authenticatedRequest(request, deps.db, embeddingsRequestSchema);
  if (authenticated instanceof Response) return authenticated;
  const { key, body } = authenticated;
  const model = await resolveModel(deps.db, key, body.model);
  if (model instanceof Response) return model;
  if (!model.embedding || !model.modelId) return openAiError(400, "invalid_request", API_MESSAGES.noEmbeddings(body.model), { param: "model" });
  const response = await askForEmbeddings(request, deps, key, model.app.appid, { model: model.modelId, input: body.input, ...(body.dimensions ? { dimensions: body.dimensions } : {}) });
  if (!response.ok) return fromProxyRefusal(response);
  const answer = (await response.json()) as ModelEmbeddings;
  const promptTokens = answer.metadata.usage.prompt_tokens;
  return Response.json(
    {
      object: "list",
      data: answer.embeddings.map((vector, index) => ({ object: "embedding", index, embedding: body.encoding_format === "base64" ? asBase64(vector) : vector })),
      model: body.model,
      usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

function askForEmbeddings(request: Request, deps: DeveloperApiDeps, key: ApiKeyRow, appid: string, json: Record<string, unknown>): Promise<Response> {
  return deps.proxy.handle(
    new Request(`http://developer-api/api/ai/dify/embeddings?appid=${encodeURIComponent(appid)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(json),
      signal: request.signal,
    }),
    { path: ["embeddings"], userId: key.userId, apiKeyId: key.id, requestId: currentRequestId() ?? null },
  );
}
