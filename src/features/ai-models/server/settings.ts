import { z } from "@/lib/zod";

/** Provider base URL meaning "the in-process demo provider" (src/embedded/model-provider). */
export const EMBEDDED_PROVIDER_BASE_URL = "embedded:model-provider";

export const providerSchema = z.object({
  baseUrl: z
    .string()
    .trim()
    .refine((value) => value === EMBEDDED_PROVIDER_BASE_URL || /^https?:\/\/.+/.test(value), `baseUrl 必须是 http(s) 网址或 ${EMBEDDED_PROVIDER_BASE_URL}`)
    .transform((value) => value.replace(/\/+$/, "")),
  // Ollama, vLLM and LM Studio take any key; the client still sends one.
  apiKey: z.string().default("not-needed"),
  // HTTP header values are bytes: non-ASCII text would fail on every call, so it is refused here.
  headers: z.record(z.string().regex(/^[A-Za-z0-9-]+$/, "请求头名称格式不正确"), z.string().regex(/^[\x20-\x7e]*$/, "请求头的值只能包含 ASCII 字符")).default({}),
});

export const modelOptionSchema = z.object({
  id: z.string().trim().min(1, "模型 id 不能为空").max(128),
  name: z.string().trim().min(1).max(64).optional(),
  /** Tokens of this model count `weight` times against the plan (a costlier model uses more). */
  weight: z.number().positive("weight 必须大于 0").max(100).default(1),
  /** Takes images (vision models). */
  vision: z.boolean().default(false),
});

/** A model of the provider that turns text into vectors (`/v1/embeddings`); not offered on the chat page. */
export const embeddingModelSchema = z.object({
  id: z.string().trim().min(1, "模型 id 不能为空").max(128),
  name: z.string().trim().min(1).max(64).optional(),
  /** Its input tokens count `weight` times against the plan. */
  weight: z.number().positive("weight 必须大于 0").max(100).default(1),
});

export const modelAppSettingsSchema = z
  .object({
    provider: providerSchema,
    /** Tried when the provider answers 429 / 5xx or cannot be reached, before any byte was sent. */
    fallbackProvider: providerSchema.optional(),
    models: z.array(modelOptionSchema).min(1, "models 至少要有一个模型"),
    /** The provider's embedding models, for `/v1/embeddings` (none: the app offers no embeddings). */
    embeddingModels: z.array(embeddingModelSchema).max(20).default([]),
    defaultModel: z.string().optional(),
    systemPrompt: z.string().max(20_000).default(""),
    temperature: z.number().min(0).max(2).optional(),
    maxTokens: z.number().int().positive().optional(),
    openingStatement: z.string().max(2000).default(""),
    suggestedQuestions: z.array(z.string().max(200)).max(10).default([]),
    /** The operator lets users turn on 联网搜索 (web search) for this app's questions. */
    webSearch: z.boolean().default(false),
    /** No first byte from the provider within this time: the user is told it timed out. */
    firstByteTimeoutMs: z.number().int().positive().default(60_000),
  })
  .refine((settings) => !settings.defaultModel || settings.models.some((model) => model.id === settings.defaultModel), {
    message: "defaultModel 必须是 models 中的一个",
    path: ["defaultModel"],
  });

export type ProviderSettings = z.infer<typeof providerSchema>;
export type ModelOption = z.infer<typeof modelOptionSchema>;
export type EmbeddingModel = z.infer<typeof embeddingModelSchema>;
export type ModelAppSettings = z.infer<typeof modelAppSettingsSchema>;

/** A model app as the model server needs it: its id and settings (keys included: server-side only). */
export interface ModelApp {
  appid: string;
  name: string;
  settings: ModelAppSettings;
}

export function defaultModelOf(settings: ModelAppSettings): ModelOption {
  return settings.models.find((model) => model.id === settings.defaultModel) ?? settings.models[0]!;
}

export function modelLabel(model: ModelOption): string {
  return model.name ?? model.id;
}
