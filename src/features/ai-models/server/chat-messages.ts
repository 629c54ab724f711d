import type { Database } from "@/lib/db/types";
import { z } from "@/lib/zod";
import { difyErrorJson } from "./dify-error";
import { answerWithReasoning } from "./protocol-json";
import type { EmbeddedProvider } from "./provider-client";
import { PROVIDER_FAILURE_TEXT, ProviderError } from "./provider-errors";
import { InterruptedCompletion, runCompletion, type ChatTurn, type CompletionResult } from "./run-completion";
import { defaultModelOf, type ModelApp } from "./settings";
import { createConversation, findConversation, finishMessage, insertMessage, threadHistoryOf, updateConversation, type Owner } from "./store";
import { chooseParent } from "./threads";
import { modelSseResponse, type ModelSse } from "./model-sse";
import { suggestTitle } from "./suggest-title";
import { attachedImages } from "./uploads";
import { groundingChoicesOf, groundingInstruction, groundQuestion, retrieverResourcesJson } from "./grounding/ground-question";
import { SourceRefused } from "./grounding/sources";
import { chatTurnSchema, MAX_IMAGES_PER_REQUEST, toolFieldsSchema, toolTurnProblem, turnImages } from "./chat-turns";

/** Turns of history sent with a question (older ones are left out; the provider's context is finite). */
const HISTORY_TURNS = 20;

export const chatMessageBody = z.looseObject({
  query: z.string().trim().min(1).max(20_000),
  user: z.string().min(1),
  conversation_id: z.string().nullable().optional(),
  response_mode: z.enum(["streaming", "blocking"]).optional(),
  /** Model apps only: the model to answer with (kept on the conversation for the next question). */
  model: z.string().max(128).optional(),
  /** Images for a vision model: uploads (`local_file`) or https URLs (`remote_url`). */
  files: z.array(z.looseObject({})).optional(),
  /** As in Dify: a new conversation is named after its first answer unless this is false. */
  auto_generate_name: z.boolean().optional(),
  /**
   * As Dify: the message the new one follows (omitted: the conversation's newest; null: a new root).
   * Regenerating or editing a question sends its parent, so the new answer is a sibling of the old.
   */
  parent_message_id: z.string().max(64).nullable().optional(),
  /**
   * Model apps only (the developer API, `/v1/chat/completions`): the whole conversation, sent as is
   * after the app's system prompt. Nothing is stored: the caller keeps the history, as with OpenAI.
   */
  messages: z.array(chatTurnSchema).min(1).max(500).optional(),
  /** With `messages` only: OpenAI's function calling, passed to the provider (`/v1`). */
  ...toolFieldsSchema,
  /** Model apps only (issue 37): the user's knowledge bases this question searches (features/knowledge). */
  knowledge_base_ids: z.array(z.uuid("知识库 id 格式不正确"), { message: "knowledge_base_ids 必须是数组" }).max(20, "最多选择 20 个知识库").optional(),
  /** Model apps only: files attached to the conversation (indexed by features/knowledge, kind "document"). */
  document_ids: z.array(z.uuid("文档 id 格式不正确"), { message: "document_ids 必须是数组" }).max(50, "最多附带 50 个文档").optional(),
});

export interface ChatDeps {
  db: Database;
  embedded: EmbeddedProvider;
  /** Running answers by task id, so a stop (from the proxy) aborts the upstream call. */
  running: Map<string, { controller: AbortController; messageId: string }>;
  fetch?: typeof fetch;
}

/** The status a failure answers with (Dify-shaped, before the proxy maps it). */
export const HTTP_STATUS: Record<ProviderError["failure"], number> = {
  invalid_key: 502,
  rate_limited: 429,
  unavailable: 502,
  timeout: 504,
  context_length: 400,
  bad_request: 400,
  model_not_found: 502,
  interrupted: 502,
};

function usageMetadata(result: CompletionResult, model: string, weight: number) {
  const { promptTokens, completionTokens, estimated } = result.usage;
  // What counts against the plan: the tokens times the model's weight.
  const total = Math.ceil((promptTokens + completionTokens) * weight);
  // `finish_reason` (an addition to Dify's protocol): `tool_calls` or `length` for `/v1`.
  return { usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: total, model, estimated }, ...(result.finishReason ? { finish_reason: result.finishReason } : {}) };
}

/** POST /chat-messages for a model app: Dify's request and events, answered by the app's provider. */
export async function answerChatMessage(deps: ChatDeps, app: ModelApp, body: z.infer<typeof chatMessageBody>): Promise<Response> {
  const owner: Owner = { appid: app.appid, userId: body.user };
  const stateless = body.messages !== undefined;
  if (stateless && (body.conversation_id || body.parent_message_id || body.files?.length)) {
    return difyErrorJson(400, "model_bad_request", "带 messages 的请求不能同时指定对话、上一条消息或文件。");
  }
  const tools = { tools: body.tools, tool_choice: body.tool_choice, parallel_tool_calls: body.parallel_tool_calls };
  if (!stateless && (body.tools || body.tool_choice || body.parallel_tool_calls !== undefined)) return difyErrorJson(400, "model_bad_request", "函数调用（tools）只能和 messages 一起使用。");
  const toolProblem = body.messages ? toolTurnProblem(body.messages, tools) : undefined;
  if (toolProblem) return difyErrorJson(400, "model_bad_request", toolProblem.message);
  const turnImageCount = (body.messages ?? []).reduce((sum, turn) => sum + turnImages(turn).length, 0);
  if (turnImageCount > MAX_IMAGES_PER_REQUEST) return difyErrorJson(400, "model_bad_files", `每次请求最多附带 ${MAX_IMAGES_PER_REQUEST} 张图片。`);
  const conversationId = body.conversation_id || null;
  let conversation = conversationId ? await findConversation(deps.db, owner, conversationId) : undefined;
  if (conversationId && !conversation) return difyErrorJson(404, "not_found", "Conversation Not Exists.");
  const chosen = body.model ?? conversation?.model ?? defaultModelOf(app.settings).id;
  const model = app.settings.models.find((candidate) => candidate.id === chosen);
  if (!model) return difyErrorJson(400, "model_unknown_model", "这个应用没有该模型，请重新选择。");
  const parent = stateless ? { parentMessageId: null } : await chooseParent(deps.db, owner, conversation?.id ?? null, body.parent_message_id);
  if ("status" in parent) return difyErrorJson(parent.status, parent.status === 404 ? "not_found" : "invalid_param", parent.message);
  const images = await attachedImages(deps.db, owner, body.files);
  if (typeof images === "string") return difyErrorJson(400, "model_bad_files", images);
  if ((images.length > 0 || turnImageCount > 0) && !model.vision) return difyErrorJson(400, "model_no_vision", "当前模型不能识别图片，请换一个支持图片的模型，或去掉图片后再发送。");
  const choices = groundingChoicesOf(body, app.settings.webSearch);
  if (typeof choices === "string") return difyErrorJson(400, "invalid_param", choices);
  const controller = new AbortController();
  // Found before anything is stored, so a refusal (a rate limit) leaves no empty message behind. The
  // user id is the proxy's overwrite of `user`: a finder never sees who the caller claims to be.
  const sources = await groundQuestion({ userId: body.user, appid: app.appid, conversationId: conversation?.id ?? null, query: body.query, choices, signal: controller.signal });
  if (sources instanceof SourceRefused) return difyErrorJson(sources.status, sources.status === 429 ? "model_sources_rate_limited" : "model_sources_unavailable", sources.message);
  // One system message (some providers take only one, first): the app's prompt, then the passages.
  const systemText = [app.settings.systemPrompt, sources.length > 0 ? groundingInstruction(sources) : ""].filter(Boolean).join("\n\n");
  const systemTurns: ChatTurn[] = systemText ? [{ role: "system", content: systemText }] : [];
  const resources = sources.length > 0 ? { retriever_resources: retrieverResourcesJson(sources) } : {};
  const messageId = crypto.randomUUID();
  const taskId = crypto.randomUUID();
  let messages: ChatTurn[];
  let isNew = false;
  if (body.messages) {
    messages = [...systemTurns, ...body.messages];
  } else {
    isNew = !conversation;
    conversation ??= await createConversation(deps.db, owner, { name: "新对话", model: model.id });
    if (conversation.model !== model.id) await updateConversation(deps.db, conversation.id, { model: model.id });
    // The thread the new question follows, not the whole conversation (other branches are left out).
    const history = parent.parentMessageId ? await threadHistoryOf(deps.db, conversation.id, parent.parentMessageId, HISTORY_TURNS) : [];
    messages = [
      ...systemTurns,
      ...history.flatMap((turn) => [
        { role: "user" as const, content: turn.query },
        { role: "assistant" as const, content: turn.answer },
      ]),
      {
        role: "user",
        content: images.length === 0 ? body.query : [{ type: "text", text: body.query }, ...images.map((image) => ({ type: "image_url" as const, image_url: { url: image.url } }))],
      },
    ];
    await insertMessage(deps.db, { id: messageId, conversationId: conversation.id, parentMessageId: parent.parentMessageId, userId: body.user, model: model.id, query: body.query, files: images.map((image) => image.file), sources });
  }
  deps.running.set(taskId, { controller, messageId });
  const convId = conversation?.id ?? "";
  const ids = { task_id: taskId, message_id: messageId, id: messageId, conversation_id: convId };
  const createdAt = Math.floor(Date.now() / 1000);

  const finish = async (result: CompletionResult, status: "normal" | "stopped" | "error", error: string | null) => {
    deps.running.delete(taskId);
    if (stateless) return;
    await finishMessage(deps.db, messageId, {
      answer: result.answer,
      reasoning: result.reasoning,
      status,
      error,
      promptTokens: result.usage.promptTokens,
      completionTokens: result.usage.completionTokens,
      usageEstimated: result.usage.estimated,
    });
    await updateConversation(deps.db, convId, { touch: true });
  };

  const generate = async (sse: ModelSse | null) => {
    let reasoningOpen = false;
    const result = await runCompletion({
      settings: app.settings,
      model,
      messages,
      signal: controller.signal,
      embedded: deps.embedded,
      fetch: deps.fetch,
      tools,
      onDelta(delta) {
        if (!sse) return;
        // An addition to Dify's protocol: the model's tool-call deltas ride on a message event as OpenAI streamed them.
        if (delta.toolCalls) sse.send({ event: "message", ...ids, answer: "", tool_calls: delta.toolCalls, created_at: createdAt });
        if (!delta.reasoning && !delta.answer) return;
        // The thinking goes first, inside <think>…</think>, then the answer (see answerWithReasoning).
        let text = "";
        if (delta.reasoning) text += (reasoningOpen ? "" : "<think>\n") + delta.reasoning;
        if (delta.reasoning) reasoningOpen = true;
        if (delta.answer) {
          if (reasoningOpen) text += "\n</think>\n\n";
          reasoningOpen = false;
          text += delta.answer;
        }
        sse.send({ event: "message", ...ids, answer: text, created_at: createdAt });
      },
    });
    if (sse && reasoningOpen) sse.send({ event: "message", ...ids, answer: "\n</think>\n\n", created_at: createdAt });
    return result;
  };

  if (body.response_mode === "blocking") {
    try {
      const result = await generate(null);
      await finish(result, result.stopped ? "stopped" : "normal", null);
      return Response.json({ event: "message", ...ids, mode: "chat", answer: answerWithReasoning(result.reasoning, result.answer), ...(result.toolCalls ? { tool_calls: result.toolCalls } : {}), metadata: { ...usageMetadata(result, model.id, model.weight), ...resources }, created_at: createdAt });
    } catch (error) {
      return await failed(error, null);
    }
  }

  async function failed(error: unknown, sse: ModelSse | null): Promise<Response> {
    const interrupted = error instanceof InterruptedCompletion ? error : undefined;
    const cause = interrupted?.cause ?? (error instanceof ProviderError ? error : new ProviderError("unavailable", String(error)));
    console.warn(`[model app ${app.appid}] ${model!.id}: ${cause.message}`);
    const partial = interrupted?.partial ?? { answer: "", reasoning: "", usage: { promptTokens: 0, completionTokens: 0, estimated: true }, stopped: false };
    const failure = interrupted ? "interrupted" : cause.failure;
    const message = PROVIDER_FAILURE_TEXT[failure];
    await finish(partial, "error", message);
    if (sse) {
      // What arrived is kept; its usage is counted (estimated) so a cut answer is not free.
      if (interrupted) sse.send({ event: "message_end", ...ids, metadata: { ...usageMetadata(partial, model!.id, model!.weight), ...resources } });
      sse.send({ event: "error", ...ids, status: HTTP_STATUS[failure], code: `model_${failure}`, message });
      return new Response(null);
    }
    return difyErrorJson(HTTP_STATUS[failure], `model_${failure}`, message);
  }

  return modelSseResponse(
    async (sse) => {
      try {
        const result = await generate(sse);
        await finish(result, result.stopped ? "stopped" : "normal", null);
        sse.send({ event: "message_end", ...ids, metadata: { ...usageMetadata(result, model.id, model.weight), ...resources } });
        // Named before the stream closes, so the list the page reloads then shows the name.
        if (isNew && body.auto_generate_name !== false && result.answer) {
          const name = await suggestTitle({ app, model: model.id, question: body.query, embedded: deps.embedded, fetch: deps.fetch });
          await updateConversation(deps.db, convId, { name });
        }
      } catch (error) {
        await failed(error, sse);
      }
    },
    { onCancel: () => controller.abort() },
  );
}
