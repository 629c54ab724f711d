import { z } from "@/lib/zod";
import type { AiAppKind } from "../../types";
import type { AiApp } from "../registry";
import type { HistoryRead } from "./history-review";
import { jsonError } from "./errors";
import { checkOwnMessage } from "./message-owner";
import { publicParameters } from "./public-parameters";
import type { UpstreamCaller } from "./upstream";

/**
 * The proxy's routes (`/api/ai/dify/<path>`) and how each maps to Dify's Service API: upstream
 * method and path, where Dify reads `user`, and the zod schema of the browser's body.
 */
export type GenerationKind = AiAppKind;

export interface Endpoint {
  name: string;
  upstreamMethod: "GET" | "POST" | "DELETE";
  upstreamPath: string;
  /** Where Dify reads `user` (reference §2): the proxy writes the signed-in user's id there. */
  userIn: "none" | "query" | "json" | "form";
  /** Query parameters passed through (everything else, including `user`, is dropped). */
  query?: readonly string[];
  body?: z.ZodType<Record<string, unknown>>;
  /** App kinds this endpoint serves. */
  kinds: readonly AiAppKind[];
  /** Chat/completion/workflow generation: may stream, usage is recorded. */
  generation?: GenerationKind;
  /** A stop endpoint: only tasks this proxy saw start for this user. */
  stopTask?: string;
  /** A multipart body: a file upload checked against the app's `file_upload`, or a recording. */
  form?: "upload" | "audio";
  /** The upstream answers bytes (text-to-audio), relayed with their audio type. */
  audioAnswer?: boolean;
  /** Calls that cost upstream money without being generations (no quota): this many a minute per user. */
  rateLimit?: { name: string; perMinute: number; message: string };
  /** The endpoint's own step on its validated body (with `user` set): a refusal, or nothing to go on. */
  prepare?: (call: PrepareCall) => Promise<Response | void> | Response | void;
  /** History read back (a conversation's messages, a message's suggestions): content safety reviews it. */
  history?: HistoryRead;
  /** What of the upstream's JSON answer the browser may see (default: all of it). */
  publicAnswer?: (answer: unknown) => unknown;
}

/** What an endpoint's `prepare` may read and change before the call goes upstream. */
export interface PrepareCall {
  /** The body to forward: `prepare` may take fields out of it. */
  json: Record<string, unknown>;
  /** The upstream request: `prepare` may set its path from the body. */
  upstream: { path: string };
  app: AiApp;
  userId: string;
  signal: AbortSignal;
  callUpstream: UpstreamCaller;
}

const ID = /^[A-Za-z0-9-]{1,64}$/;
const inputs = z.record(z.string(), z.unknown(), { message: "inputs 必须是对象" });
const responseMode = z.enum(["streaming", "blocking"], { message: "response_mode 必须是 streaming 或 blocking" }).optional();
const files = z
  .array(
    z.looseObject({
      type: z.enum(["image", "document", "audio", "video", "custom"], { message: "文件类型不正确" }),
      transfer_method: z.enum(["remote_url", "local_file"], { message: "文件传输方式不正确" }),
      url: z.string().optional(),
      upload_file_id: z.string().optional(),
    }),
  )
  .max(20, "文件太多")
  .optional();

// Loose objects: newer Dify fields pass through; `user` is overwritten afterwards anyway.
const chatBody = z.looseObject({
  query: z.string({ message: "请输入问题" }).trim().min(1, "请输入问题").max(20_000, "问题太长了"),
  inputs: inputs.default({}),
  response_mode: responseMode,
  conversation_id: z.union([z.literal(""), z.string().regex(ID, "对话 ID 格式不正确")]).nullable().optional(),
  /** Dify's threads: the message the new one follows (null: a new root, as when regenerating the first question). */
  parent_message_id: z.string().regex(ID, "消息 ID 格式不正确").nullable().optional(),
  files,
  auto_generate_name: z.boolean().optional(),
});
const completionBody = z.looseObject({ inputs, query: z.string().optional(), response_mode: responseMode, files });
const workflowBody = z.looseObject({ inputs, response_mode: responseMode, files });
const renameBody = z
  .looseObject({ name: z.string().trim().max(100, "名称最多 100 个字符").optional(), auto_generate: z.boolean().optional() })
  .refine((body) => body.auto_generate === true || (body.name !== undefined && body.name !== ""), { message: "请输入对话名称" });
const rating = z.enum(["like", "dislike"], { message: "rating 必须是 like、dislike 或 null" }).nullable();
const feedbackBody = z.looseObject({ rating, content: z.string().max(2000, "反馈内容太长").optional() });
const messageFeedbackBody = feedbackBody.extend({ message_id: z.string().regex(ID, "消息 ID 格式不正确") });
const emptyBody = z.looseObject({});
// The model server checks the rest (ai-models `embeddingsBody`); here only what the proxy's checks read.
const embeddingsBody = z.looseObject({
  model: z.string({ message: "请指定 model" }).min(1, "请指定 model").max(128, "model 太长"),
  input: z.union([z.string(), z.array(z.string())], { message: "input 必须是字符串或字符串数组" }),
});

/** Embeddings are an addition of model apps to Dify's protocol: a Dify app has none. */
const modelAppsOnly = ({ app }: PrepareCall) => (app.modelSettings ? undefined : jsonError(400, "该应用不提供向量（embeddings）"));
// Strict about what goes upstream: Dify's `streaming` is ignored, anything else dropped. A message is
// read aloud only inside the user's conversation (the handler checks it: Dify itself does not).
const textToAudioBody = z
  .object({
    message_id: z.string().regex(ID, "消息 ID 格式不正确").optional(),
    conversation_id: z.string().regex(ID, "对话 ID 格式不正确").optional(),
    text: z.string().trim().min(1, "请提供要朗读的文字").max(5000, "朗读的文字最多 5000 个字符").optional(),
    voice: z.string().trim().min(1).max(100, "音色名称太长").optional(),
  })
  .refine((body) => body.message_id !== undefined || body.text !== undefined, { message: "请提供要朗读的消息或文字" })
  .refine((body) => body.message_id === undefined || body.conversation_id !== undefined, { message: "朗读消息时请提供对话 ID" });

/** Speech to text and text to speech: 30 calls a minute per user, each direction. */
const VOICE_CALLS_PER_MINUTE = 30;
const VOICE_LIMIT_MESSAGE = "语音请求太频繁，请稍后再试";

/** message-feedbacks: the body names the message; upstream it is POST /messages/{id}/feedbacks. */
const feedbackOfBodyMessage = ({ json, upstream }: PrepareCall) => {
  upstream.path = `/messages/${encodeURIComponent(String(json.message_id))}/feedbacks`;
  delete json.message_id;
};

/** text-to-audio: Dify reads a message by id whoever owns it, so only a message of the user's conversation goes up. */
const readAloudOwnMessage = async ({ json, app, userId, signal, callUpstream }: PrepareCall) => {
  const { conversation_id: conversationId, message_id: messageId } = json;
  delete json.conversation_id;
  if (typeof messageId === "string" && typeof conversationId === "string") {
    return (await checkOwnMessage(callUpstream, app, userId, { conversationId, messageId }, signal)) ?? undefined;
  }
};

const CHAT: readonly AiAppKind[] = ["chat"];
const ALL: readonly AiAppKind[] = ["chat", "workflow", "completion"];

export type ResolveResult = { endpoint: Endpoint } | { error: "not_found" | "method_not_allowed" };

/** Maps a browser call to its endpoint; ids in the path must look like ids (no path tricks). */
export function resolveEndpoint(method: string, path: readonly string[]): ResolveResult {
  const [first, second, third, fourth, ...rest] = path;
  if (rest.length > 0 || path.some((segment) => !ID.test(segment))) return { error: "not_found" };
  const found = (allowed: string[], endpoint: Endpoint): ResolveResult =>
    allowed.includes(method) ? { endpoint } : { error: "method_not_allowed" };
  const id = (value: string | undefined) => encodeURIComponent(value ?? "");

  switch (path.length) {
    case 1:
      if (first === "info") return found(["GET"], { name: "info", upstreamMethod: "GET", upstreamPath: "/info", userIn: "none", kinds: ALL });
      if (first === "parameters") return found(["GET"], { name: "parameters", upstreamMethod: "GET", upstreamPath: "/parameters", userIn: "none", kinds: ALL, publicAnswer: publicParameters });
      if (first === "chat-messages") return found(["POST"], { name: first, upstreamMethod: "POST", upstreamPath: "/chat-messages", userIn: "json", body: chatBody, kinds: CHAT, generation: "chat" });
      if (first === "completion-messages") return found(["POST"], { name: first, upstreamMethod: "POST", upstreamPath: "/completion-messages", userIn: "json", body: completionBody, kinds: ["completion"], generation: "completion" });
      if (first === "conversations") return found(["GET"], { name: first, upstreamMethod: "GET", upstreamPath: "/conversations", userIn: "query", query: ["last_id", "limit", "sort_by"], kinds: CHAT });
      if (first === "messages") return found(["GET"], { name: first, upstreamMethod: "GET", upstreamPath: "/messages", userIn: "query", query: ["conversation_id", "first_id", "limit"], kinds: CHAT, history: { kind: "messages" } });
      if (first === "audio-to-text") return found(["POST"], { name: first, upstreamMethod: "POST", upstreamPath: "/audio-to-text", userIn: "form", form: "audio", kinds: ALL, rateLimit: { name: "speech-to-text", perMinute: VOICE_CALLS_PER_MINUTE, message: VOICE_LIMIT_MESSAGE } });
      if (first === "text-to-audio") return found(["POST"], { name: first, upstreamMethod: "POST", upstreamPath: "/text-to-audio", userIn: "json", body: textToAudioBody, kinds: ALL, audioAnswer: true, prepare: readAloudOwnMessage, rateLimit: { name: "text-to-speech", perMinute: VOICE_CALLS_PER_MINUTE, message: VOICE_LIMIT_MESSAGE } });
      // Usage recorded and quota admitted like a chat answer's (`generation`): its input tokens are what it costs.
      if (first === "embeddings") return found(["POST"], { name: first, upstreamMethod: "POST", upstreamPath: "/embeddings", userIn: "json", body: embeddingsBody, kinds: CHAT, generation: "chat", prepare: modelAppsOnly });
      if (first === "message-feedbacks") return found(["POST"], { name: first, upstreamMethod: "POST", upstreamPath: "/messages/{message_id}/feedbacks", userIn: "json", body: messageFeedbackBody, kinds: ["chat", "completion"], prepare: feedbackOfBodyMessage });
      return { error: "not_found" };
    case 2:
      if (first === "files" && second === "upload") return found(["POST"], { name: "files/upload", upstreamMethod: "POST", upstreamPath: "/files/upload", userIn: "form", form: "upload", kinds: ALL });
      if ((first === "workflow" || first === "workflows") && second === "run") return found(["POST"], { name: "workflow/run", upstreamMethod: "POST", upstreamPath: "/workflows/run", userIn: "json", body: workflowBody, kinds: ["workflow"], generation: "workflow" });
      if (first === "conversations") return found(["DELETE"], { name: "conversations/{id}", upstreamMethod: "DELETE", upstreamPath: `/conversations/${id(second)}`, userIn: "json", body: emptyBody, kinds: CHAT });
      return { error: "not_found" };
    case 3:
      if (first === "conversations" && third === "name") return found(["PUT", "POST"], { name: "conversations/{id}/name", upstreamMethod: "POST", upstreamPath: `/conversations/${id(second)}/name`, userIn: "json", body: renameBody, kinds: CHAT });
      if (first === "messages" && third === "feedbacks") return found(["POST"], { name: "messages/{id}/feedbacks", upstreamMethod: "POST", upstreamPath: `/messages/${id(second)}/feedbacks`, userIn: "json", body: feedbackBody, kinds: ["chat", "completion"] });
      if (first === "messages" && third === "suggested") return found(["GET"], { name: "messages/{id}/suggested", upstreamMethod: "GET", upstreamPath: `/messages/${id(second)}/suggested`, userIn: "query", query: [], kinds: CHAT, history: { kind: "suggested", messageId: second! } });
      if (first === "chat-messages" && third === "stop") return found(["POST"], { name: "chat-messages/{task}/stop", upstreamMethod: "POST", upstreamPath: `/chat-messages/${id(second)}/stop`, userIn: "json", body: emptyBody, kinds: CHAT, stopTask: second });
      if (first === "completion-messages" && third === "stop") return found(["POST"], { name: "completion-messages/{task}/stop", upstreamMethod: "POST", upstreamPath: `/completion-messages/${id(second)}/stop`, userIn: "json", body: emptyBody, kinds: ["completion"], stopTask: second });
      return { error: "not_found" };
    case 4:
      if ((first === "workflow" || first === "workflows") && second === "tasks" && fourth === "stop") return found(["POST"], { name: "workflows/tasks/{task}/stop", upstreamMethod: "POST", upstreamPath: `/workflows/tasks/${id(third)}/stop`, userIn: "json", body: emptyBody, kinds: ["workflow"], stopTask: third });
      return { error: "not_found" };
    default:
      return { error: "not_found" };
  }
}

/** Upstream stop endpoint for a task of the given kind (used when the browser disconnects). */
export function stopPathFor(kind: GenerationKind, taskId: string): string {
  const task = encodeURIComponent(taskId);
  if (kind === "workflow") return `/workflows/tasks/${task}/stop`;
  return kind === "chat" ? `/chat-messages/${task}/stop` : `/completion-messages/${task}/stop`;
}
