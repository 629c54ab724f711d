import { listEnabledAppsWithUpstream, type AiApp, type DifyProxy } from "@/features/ai-apps/server";
import { noteApiCallModel } from "@/features/api-call-logs/server";
import { apiKeyTokensThisMonth } from "@/features/api-keys/server";
import { findUnstorableText, isJsonContentType, UNSTORABLE_TEXT_MESSAGE } from "@/lib/api";
import type { ApiKeyRow, Database } from "@/lib/db";
import { currentRequestId } from "@/lib/net/request-context.mjs";
import { toolTurnProblem, turnImages } from "@/features/ai-models/server";
import { chatCompletionRequestSchema, lastUserText, plainTurns, type ChatCompletionRequest } from "../chat-request";
import { lastUserQuestion, modelTurns } from "./model-turns";
import { apiModelsOf, keyMayUse, type ApiModel } from "./api-models";
import { authenticateApiKey } from "./authenticate-key";
import { API_MESSAGES, openAiError } from "./openai-errors";
import { collectChatCompletion, fromProxyRefusal, toChunkStream } from "./openai-responses";
import { BodyTooLarge, readLimitedText } from "./read-body";

export interface DeveloperApiDeps {
  db: Database;
  /** The site's AI proxy: the same quota, usage rows and user scoping as the chat pages. */
  proxy: DifyProxy;
}

/** `X-Conversation-Id` continues a Dify chat like the body's `conversation_id` does. */
export const CONVERSATION_HEADER = "x-conversation-id";

/** The models a key may use (`GET /v1/models` and the lookup of `model`). */
export async function modelsForKey(db: Database, key: ApiKeyRow): Promise<ApiModel[]> {
  const apps = await listEnabledAppsWithUpstream(db);
  return apiModelsOf(apps.filter((app) => keyMayUse(key.allowedApps, app.appid)));
}

/** `POST /v1/chat/completions`: an OpenAI chat completion answered by one of our apps. */
export async function createChatCompletion(request: Request, deps: DeveloperApiDeps): Promise<Response> {
  const key = await authenticateApiKey(request, deps.db);
  if (key instanceof Response) return key;
  const body = await readRequest(request);
  if (body instanceof Response) return body;
  const asked = await askApp(request, deps, key, body);
  if (asked instanceof Response) return asked;
  const meta = { model: body.model, returnsConversation: !asked.model.app.modelSettings && asked.model.app.kind === "chat", includeUsage: body.stream_options?.include_usage === true };
  return body.stream === true ? toChunkStream(asked.upstream, meta) : collectChatCompletion(asked.upstream, meta);
}

/** The model a key names, when it may use it, within the key's monthly cap; else the refusal. */
export async function resolveModel(db: Database, key: ApiKeyRow, name: string): Promise<ApiModel | Response> {
  const model = (await modelsForKey(db, key)).find((candidate) => candidate.id === name);
  noteApiCallModel(name, model?.app.appid);
  if (!model) return openAiError(404, "model_not_found", API_MESSAGES.modelNotFound(name), { param: "model" });
  if (key.monthlyTokenCap !== null && (await apiKeyTokensThisMonth(db, key.id)) >= key.monthlyTokenCap) {
    return openAiError(429, "insufficient_quota", API_MESSAGES.keyCapReached);
  }
  return model;
}

/**
 * Asks the app the body names, through the site's AI proxy (quota, content safety, usage rows): its
 * Dify event stream (always a stream upstream, collected for a client that did not ask for one: Dify's
 * agent apps refuse blocking calls), or the OpenAI-shaped refusal. `/v1/responses` asks through here too.
 */
export async function askApp(request: Request, deps: DeveloperApiDeps, key: ApiKeyRow, body: ChatCompletionRequest): Promise<{ upstream: Response; model: ApiModel } | Response> {
  const model = await resolveModel(deps.db, key, body.model);
  if (model instanceof Response) return model;
  if (model.embedding) return openAiError(400, "invalid_request", API_MESSAGES.embeddingModel(body.model), { param: "model" });
  const call = async (path: string[], json?: Record<string, unknown>) =>
    deps.proxy.handle(
      new Request(`http://developer-api/api/ai/dify/${path.join("/")}?appid=${encodeURIComponent(model.app.appid)}`, {
        method: json ? "POST" : "GET",
        headers: json ? { "Content-Type": "application/json" } : {},
        body: json ? JSON.stringify({ ...json, response_mode: "streaming" }) : undefined,
        signal: request.signal,
      }),
      { path, userId: key.userId, apiKeyId: key.id, requestId: currentRequestId() ?? null },
    );
  let response: Response;
  const settings = model.app.modelSettings;
  if (settings) {
    const turns = modelTurns(body.messages);
    if ("error" in turns) return openAiError(400, "invalid_request", turns.error, { param: turns.param });
    const question = lastUserQuestion(turns);
    if (question === undefined) return openAiError(400, "invalid_request", API_MESSAGES.noUserMessage, { param: "messages" });
    const tools = { tools: body.tools, tool_choice: body.tool_choice, parallel_tool_calls: body.parallel_tool_calls };
    const toolProblem = toolTurnProblem(turns, tools);
    if (toolProblem) return openAiError(400, "invalid_request", toolProblem.message, { param: toolProblem.param });
    const option = settings.models.find((candidate) => candidate.id === (model.modelId ?? settings.defaultModel)) ?? settings.models[0]!;
    const imageAt = turns.findIndex((turn) => turnImages(turn).length > 0);
    if (imageAt >= 0 && !option.vision) return openAiError(400, "invalid_request", API_MESSAGES.noVision(body.model), { param: `messages.${imageAt}.content` });
    // Extra fields the model app reads (the knowledge feature's ids too): passed as the client sent them.
    const grounding = { web_search: body.web_search, knowledge_base_ids: body.knowledge_base_ids, document_ids: body.document_ids };
    response = await call(["chat-messages"], { query: question, inputs: {}, messages: turns, ...definedFields(tools), ...definedFields(grounding), ...(model.modelId ? { model: model.modelId } : {}) });
  } else {
    const toolsAsked = refuseToolsForDify(body, model);
    if (toolsAsked) return toolsAsked;
    const turns = plainTurns(body.messages);
    if ("error" in turns) return openAiError(400, "invalid_request", turns.error, { param: "messages" });
    const question = lastUserText(turns);
    if (question === undefined) return openAiError(400, "invalid_request", API_MESSAGES.noUserMessage, { param: "messages" });
    const conversationId = body.conversation_id ?? request.headers.get(CONVERSATION_HEADER) ?? undefined;
    if (model.app.kind === "chat") {
      response = await call(["chat-messages"], { query: question, inputs: body.inputs ?? {}, conversation_id: conversationId ?? "" });
    } else {
      const inputs = await appInputs(model.app, question, body.inputs, call);
      if (inputs instanceof Response) return inputs;
      response = await call(model.app.kind === "workflow" ? ["workflow", "run"] : ["completion-messages"], { inputs });
    }
  }
  if (!response.ok) return fromProxyRefusal(response);
  if (!response.headers.get("content-type")?.includes("text/event-stream") || !response.body) {
    await response.body?.cancel();
    return openAiError(502, "upstream_error", "AI 服务的回答格式有误，请稍后重试");
  }
  return { upstream: response, model };
}

const definedFields = (fields: Record<string, unknown>) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

/** A Dify app cannot call the client's functions: asked for tools (or given tool turns), it says so. */
function refuseToolsForDify(body: ChatCompletionRequest, model: ApiModel): Response | undefined {
  if (body.tools?.length || (body.tool_choice !== undefined && body.tool_choice !== "none")) {
    return openAiError(400, "invalid_request", API_MESSAGES.noToolsOnDify(model.id), { param: body.tools?.length ? "tools" : "tool_choice" });
  }
  const toolTurn = body.messages.findIndex((message) => message.role === "tool" || (Array.isArray(message.tool_calls) && message.tool_calls.length > 0));
  if (toolTurn >= 0) return openAiError(400, "invalid_request", API_MESSAGES.noToolsOnDify(model.id), { param: `messages.${toolTurn}` });
  return undefined;
}

async function readRequest(request: Request): Promise<ChatCompletionRequest | Response> {
  const raw = await readJsonRequest(request);
  if (raw instanceof Response) return raw;
  const parsed = chatCompletionRequestSchema.safeParse(raw);
  if (!parsed.success) return zodRefusal(parsed.error);
  return parsed.data;
}

/** The first problem of a body that failed its schema, OpenAI-shaped with the field as `param`. */
export function zodRefusal(error: { issues: { message: string; path: PropertyKey[] }[] }): Response {
  const issue = error.issues[0];
  return openAiError(400, "invalid_request", issue?.message ?? "请求参数有误", { param: issue?.path.map(String).join(".") || undefined });
}

/** A `/v1` JSON body read within the size limit, with no text the database cannot store; else the refusal. */
export async function readJsonRequest(request: Request): Promise<unknown> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    return openAiError(415, "invalid_request", "请求内容必须是 JSON（Content-Type: application/json）");
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await readLimitedText(request));
  } catch (error) {
    if (error instanceof BodyTooLarge) return openAiError(413, "request_too_large", API_MESSAGES.tooLarge);
    return openAiError(400, "invalid_request", "请求内容不是有效的 JSON");
  }
  const unstorable = findUnstorableText(raw);
  if (unstorable) return openAiError(400, "invalid_request", UNSTORABLE_TEXT_MESSAGE, { param: unstorable.join(".") || undefined });
  return raw;
}

type ProxyCall = (path: string[], json?: Record<string, unknown>) => Promise<Response>;

/**
 * A workflow's or completion app's inputs, as its page would fill them: the form's defaults, then
 * the client's `inputs`, or, when it sent only messages, the question in the form's first text field.
 */
async function appInputs(app: AiApp, question: string, given: Record<string, unknown> | undefined, call: ProxyCall): Promise<Record<string, unknown> | Response> {
  const response = await call(["parameters"]);
  if (!response.ok) return fromProxyRefusal(response);
  const parameters = (await response.json()) as { user_input_form?: Record<string, { variable?: string; default?: unknown }>[] };
  const defaults: Record<string, unknown> = {};
  let firstText: string | undefined;
  for (const field of parameters.user_input_form ?? []) {
    const [type, control] = Object.entries(field)[0] ?? [];
    if (!control?.variable) continue;
    if (control.default !== undefined && control.default !== "") defaults[control.variable] = control.default;
    if (firstText === undefined && (type === "text-input" || type === "paragraph")) firstText = control.variable;
  }
  if (given) return { ...defaults, ...given };
  if (firstText === undefined) return openAiError(400, "invalid_request", `应用 ${app.appid} 没有文本输入项，请在请求体的 inputs 中填写它的输入`, { param: "inputs" });
  return { ...defaults, [firstText]: question };
}

/** A `/v1` call's key and its JSON body checked against `schema`; else the refusal (OpenAI-shaped). */
export async function authenticatedRequest<T>(
  request: Request,
  db: Database,
  schema: { safeParse(raw: unknown): { success: true; data: T } | { success: false; error: Parameters<typeof zodRefusal>[0] } },
): Promise<{ key: ApiKeyRow; body: T } | Response> {
  const key = await authenticateApiKey(request, db);
  if (key instanceof Response) return key;
  const raw = await readJsonRequest(request);
  if (raw instanceof Response) return raw;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return zodRefusal(parsed.error);
  return { key, body: parsed.data };
}
