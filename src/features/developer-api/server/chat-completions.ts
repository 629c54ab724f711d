import { listEnabledAppsWithUpstream, type AiApp, type DifyProxy } from "@/features/ai-apps/server";
import { apiKeyTokensThisMonth } from "@/features/api-keys/server";
import { findUnstorableText, isJsonContentType, UNSTORABLE_TEXT_MESSAGE } from "@/lib/api";
import type { ApiKeyRow, Database } from "@/lib/db";
import { chatCompletionRequestSchema, lastUserText, plainTurns, type ChatCompletionRequest } from "../chat-request";
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

  const model = (await modelsForKey(deps.db, key)).find((candidate) => candidate.id === body.model);
  if (!model) return openAiError(404, "model_not_found", API_MESSAGES.modelNotFound(body.model), { param: "model" });
  if (key.monthlyTokenCap !== null && (await apiKeyTokensThisMonth(deps.db, key.id)) >= key.monthlyTokenCap) {
    return openAiError(429, "insufficient_quota", API_MESSAGES.keyCapReached);
  }
  const turns = plainTurns(body.messages);
  if ("error" in turns) return openAiError(400, "invalid_request", turns.error, { param: "messages" });
  const question = lastUserText(turns);
  if (question === undefined) return openAiError(400, "invalid_request", "messages 中至少要有一条内容不为空的 user 消息", { param: "messages" });

  const streaming = body.stream === true;
  const call = async (path: string[], json?: Record<string, unknown>) =>
    deps.proxy.handle(
      new Request(`http://developer-api/api/ai/dify/${path.join("/")}?appid=${encodeURIComponent(model.app.appid)}`, {
        method: json ? "POST" : "GET",
        headers: json ? { "Content-Type": "application/json" } : {},
        // Always a stream upstream (collected for a client that did not ask for one): Dify's agent apps
        // refuse blocking calls.
        body: json ? JSON.stringify({ ...json, response_mode: "streaming" }) : undefined,
        signal: request.signal,
      }),
      { path, userId: key.userId, apiKeyId: key.id },
    );

  const conversationId = body.conversation_id ?? request.headers.get(CONVERSATION_HEADER) ?? undefined;
  let response: Response;
  if (model.app.modelSettings) {
    response = await call(["chat-messages"], { query: question, inputs: {}, messages: turns, ...(model.modelId ? { model: model.modelId } : {}) });
  } else if (model.app.kind === "chat") {
    response = await call(["chat-messages"], { query: question, inputs: body.inputs ?? {}, conversation_id: conversationId ?? "" });
  } else {
    const inputs = await appInputs(model.app, question, body.inputs, call);
    if (inputs instanceof Response) return inputs;
    response = await call(model.app.kind === "workflow" ? ["workflow", "run"] : ["completion-messages"], { inputs });
  }

  if (!response.ok) return fromProxyRefusal(response);
  const meta = { model: body.model, returnsConversation: !model.app.modelSettings && model.app.kind === "chat", includeUsage: body.stream_options?.include_usage === true };
  if (!response.headers.get("content-type")?.includes("text/event-stream") || !response.body) {
    await response.body?.cancel();
    return openAiError(502, "upstream_error", "AI 服务的回答格式有误，请稍后重试");
  }
  return streaming ? toChunkStream(response, meta) : collectChatCompletion(response, meta);
}

async function readRequest(request: Request): Promise<ChatCompletionRequest | Response> {
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
  const parsed = chatCompletionRequestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return openAiError(400, "invalid_request", issue?.message ?? "请求参数有误", { param: issue?.path.join(".") || undefined });
  }
  return parsed.data;
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
