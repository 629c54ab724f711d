import type { AppFieldsInput } from "./app-input";

/** The add / edit form as text fields (what the inputs hold); `toAppFields` turns it into the API body. */
export type AppFormState = {
  type: "dify" | "model";
  appid: string;
  kind: "chat" | "workflow" | "completion";
  name: string;
  description: string;
  genaiFiling: string;
  icon: string;
  enabled: boolean;
  baseUrl: string;
  apiKey: string;
  fallbackBaseUrl: string;
  fallbackKey: string;
  models: string;
  defaultModel: string;
  systemPrompt: string;
  openingStatement: string;
  suggestedQuestions: string;
  temperature: string;
  maxTokens: string;
  firstByteTimeoutSeconds: string;
  webSearch: boolean;
};

export const emptyAppForm: AppFormState = {
  type: "dify",
  appid: "",
  kind: "chat",
  name: "",
  description: "",
  genaiFiling: "",
  icon: "message-square",
  enabled: true,
  baseUrl: "",
  apiKey: "",
  fallbackBaseUrl: "",
  fallbackKey: "",
  models: "",
  defaultModel: "",
  systemPrompt: "",
  openingStatement: "",
  suggestedQuestions: "",
  temperature: "",
  maxTokens: "",
  firstByteTimeoutSeconds: "60",
  webSearch: false,
};

const YES = new Set(["是", "yes", "y", "true", "1", "识图", "vision"]);

/** `id | 名称 | 倍率 | 识图` per line; returns the 1-based number of the first bad line instead. */
export function parseModelLines(text: string): { id: string; name?: string; weight: number; vision: boolean }[] | { badLine: number } {
  const models = [];
  for (const [index, line] of text.split("\n").entries()) {
    if (!line.trim()) continue;
    const [id = "", name = "", weight = "", vision = ""] = line.split("|").map((part) => part.trim());
    const factor = weight === "" ? 1 : Number(weight);
    if (!id || !Number.isFinite(factor) || factor <= 0) return { badLine: index + 1 };
    models.push({ id, ...(name ? { name } : {}), weight: factor, vision: YES.has(vision.toLowerCase()) });
  }
  return models;
}

export function formatModelLines(models: { id: string; name?: string; weight?: number; vision?: boolean }[]): string {
  return models.map((model) => `${model.id} | ${model.name ?? ""} | ${model.weight ?? 1} | ${model.vision ? "是" : "否"}`).join("\n");
}

const lines = (text: string) => text.split("\n").map((line) => line.trim()).filter(Boolean);
const optionalNumber = (text: string) => (text.trim() === "" ? null : Number(text));

/** The API body's fields; a key left empty is omitted (the server keeps the stored one). */
export function toAppFields(form: AppFormState): AppFieldsInput | { badLine: number } {
  const common = { name: form.name, description: form.description, genaiFiling: form.genaiFiling, icon: form.icon, enabled: form.enabled };
  const key = (text: string) => (text.trim() ? { apiKey: text.trim() } : {});
  if (form.type === "dify") return { type: "dify", kind: form.kind, ...common, baseUrl: form.baseUrl, ...key(form.apiKey) };
  const models = parseModelLines(form.models);
  if ("badLine" in models) return models;
  return {
    type: "model",
    ...common,
    provider: { baseUrl: form.baseUrl, ...key(form.apiKey) },
    fallbackProvider: form.fallbackBaseUrl.trim() ? { baseUrl: form.fallbackBaseUrl, ...key(form.fallbackKey) } : null,
    models,
    ...(form.defaultModel.trim() ? { defaultModel: form.defaultModel.trim() } : {}),
    systemPrompt: form.systemPrompt,
    openingStatement: form.openingStatement,
    suggestedQuestions: lines(form.suggestedQuestions),
    temperature: optionalNumber(form.temperature),
    maxTokens: optionalNumber(form.maxTokens),
    firstByteTimeoutMs: Math.round((optionalNumber(form.firstByteTimeoutSeconds) ?? 60) * 1000),
    webSearch: form.webSearch,
  };
}

/** The form filled from a stored app's fields (keys stay empty: typing one replaces it). */
export function formFromFields(appid: string, fields: AppFieldsInput): AppFormState {
  const common = { ...emptyAppForm, appid, name: fields.name, description: fields.description ?? "", genaiFiling: fields.genaiFiling ?? "", icon: fields.icon, enabled: fields.enabled ?? true };
  if (fields.type === "dify") return { ...common, type: "dify", kind: fields.kind, baseUrl: fields.baseUrl };
  return {
    ...common,
    type: "model",
    kind: "chat",
    baseUrl: fields.provider.baseUrl,
    fallbackBaseUrl: fields.fallbackProvider?.baseUrl ?? "",
    models: formatModelLines(fields.models),
    defaultModel: fields.defaultModel ?? "",
    systemPrompt: fields.systemPrompt ?? "",
    openingStatement: fields.openingStatement ?? "",
    suggestedQuestions: (fields.suggestedQuestions ?? []).join("\n"),
    temperature: fields.temperature == null ? "" : String(fields.temperature),
    maxTokens: fields.maxTokens == null ? "" : String(fields.maxTokens),
    firstByteTimeoutSeconds: String(Math.round((fields.firstByteTimeoutMs ?? 60_000) / 1000)),
    webSearch: fields.webSearch ?? false,
  };
}
