import type OpenAI from "openai";
import { z } from "@/lib/zod";

/**
 * The OpenAI-shaped turns a model app takes from `/v1/chat/completions` (stateless `messages`), and the
 * function-calling fields that come with them. The developer API normalizes the client's body to these;
 * the model server checks them again, since the proxy's chat endpoint is reachable from the browser too.
 */

/** OpenAI's rule for function names. */
export const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** Longest arguments of one tool call (OpenAI has no documented cap; a request body is 1 MB anyway). */
export const MAX_TOOL_ARGUMENT_CHARS = 100_000;
/** Longest text of one message or tool result. */
export const MAX_TURN_CHARS = 100_000;
/** OpenAI's own ceiling on `tools`. */
export const MAX_TOOLS = 128;
/** Images in one request (each also capped in size by the caller). */
export const MAX_IMAGES_PER_REQUEST = 8;

const toolCallSchema = z.object({
  id: z.string().min(1, "tool_calls 的 id 不能为空").max(200, "tool_calls 的 id 太长"),
  type: z.literal("function", { message: "tool_calls 的 type 必须是 function" }),
  function: z.object({
    name: z.string().regex(TOOL_NAME, "函数名只能包含字母、数字、下划线和连字符，最长 64 个字符"),
    arguments: z.string({ message: "function.arguments 必须是字符串" }).max(MAX_TOOL_ARGUMENT_CHARS, `function.arguments 最长 ${MAX_TOOL_ARGUMENT_CHARS} 个字符`),
  }),
});

const textPart = z.object({ type: z.literal("text"), text: z.string().max(MAX_TURN_CHARS) });
/** A data URL of a raster image or an https URL; the caller caps a data URL's size. */
export const IMAGE_URL = /^(https:\/\/[^\s]{1,2040}|data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2})$/;
const imagePart = z.object({
  type: z.literal("image_url"),
  image_url: z.object({ url: z.string().regex(IMAGE_URL, "图片必须是 https 网址或 PNG、JPEG、GIF、WebP 图片的 data URL"), detail: z.enum(["auto", "low", "high"]).optional() }),
});

export const chatTurnSchema = z.discriminatedUnion("role", [
  z.object({ role: z.literal("system"), content: z.string().max(MAX_TURN_CHARS) }),
  z.object({ role: z.literal("user"), content: z.union([z.string().max(MAX_TURN_CHARS), z.array(z.union([textPart, imagePart])).min(1).max(50)]) }),
  z.object({ role: z.literal("assistant"), content: z.string().max(MAX_TURN_CHARS).nullable(), tool_calls: z.array(toolCallSchema).min(1).max(MAX_TOOLS).optional() }),
  z.object({ role: z.literal("tool"), tool_call_id: z.string().min(1).max(200), content: z.string().max(MAX_TURN_CHARS) }),
]);

export const functionToolSchema = z.object({
  type: z.literal("function", { message: "tools 的 type 必须是 function" }),
  function: z.object({
    name: z.string({ message: "请填写函数名" }).regex(TOOL_NAME, "函数名只能包含字母、数字、下划线和连字符，最长 64 个字符"),
    description: z.string().max(10_000, "函数说明太长").optional(),
    parameters: z.record(z.string(), z.unknown(), { message: "function.parameters 必须是 JSON Schema 对象" }).optional(),
    strict: z.boolean().nullable().optional(),
  }),
});

export const toolChoiceSchema = z.union(
  [z.enum(["none", "auto", "required"]), z.object({ type: z.literal("function"), function: z.object({ name: z.string().regex(TOOL_NAME) }) })],
  { message: "tool_choice 必须是 none、auto、required 或 {type: \"function\", function: {name}}" },
);

/** The function-calling fields of a call, as the provider gets them. */
export const toolFieldsSchema = {
  tools: z.array(functionToolSchema, { message: "tools 必须是数组" }).max(MAX_TOOLS, `tools 最多 ${MAX_TOOLS} 个`).optional(),
  tool_choice: toolChoiceSchema.optional(),
  parallel_tool_calls: z.boolean({ message: "parallel_tool_calls 必须是布尔值" }).optional(),
};

export type ChatTurn = z.infer<typeof chatTurnSchema>;
export type FunctionTool = z.infer<typeof functionToolSchema>;
export type ToolChoice = z.infer<typeof toolChoiceSchema>;
export type ToolCall = z.infer<typeof toolCallSchema>;
export interface ToolFields {
  tools?: FunctionTool[];
  tool_choice?: ToolChoice;
  parallel_tool_calls?: boolean;
}

/**
 * What OpenAI refuses about the order of tool turns: a `tool` message answers a call of the assistant
 * turn before it (by `tool_call_id`), and a function named by `tool_choice` is one of `tools`. The
 * problem and where it is, or nothing.
 */
export function toolTurnProblem(turns: readonly ChatTurn[], fields: ToolFields): { message: string; param: string } | undefined {
  let open = new Set<string>();
  for (const [index, turn] of turns.entries()) {
    if (turn.role === "tool") {
      if (!open.has(turn.tool_call_id)) return { message: `第 ${index + 1} 条消息（role 为 tool）必须回应它之前那条 assistant 消息的 tool_calls，tool_call_id 对不上`, param: `messages.${index}.tool_call_id` };
      open.delete(turn.tool_call_id);
      continue;
    }
    open = new Set(turn.role === "assistant" ? (turn.tool_calls ?? []).map((call) => call.id) : []);
  }
  const named = typeof fields.tool_choice === "object" ? fields.tool_choice.function.name : undefined;
  if (fields.tool_choice !== undefined && fields.tool_choice !== "none" && !fields.tools?.length) return { message: "指定 tool_choice 时必须同时提供 tools", param: "tool_choice" };
  if (named && !fields.tools?.some((tool) => tool.function.name === named)) return { message: `tool_choice 指定的函数 ${named} 不在 tools 中`, param: "tool_choice" };
  return undefined;
}

/** The text of a turn the model reads (text parts and tool-call arguments; images aside), for estimates and checks. */
export function turnTexts(turn: ChatTurn): string[] {
  const texts: string[] = [];
  if (typeof turn.content === "string") texts.push(turn.content);
  else if (Array.isArray(turn.content)) for (const part of turn.content) if (part.type === "text") texts.push(part.text);
  if (turn.role === "assistant") for (const call of turn.tool_calls ?? []) texts.push(call.function.arguments);
  return texts;
}

/** The image URLs of a turn. */
export function turnImages(turn: ChatTurn): string[] {
  return turn.role === "user" && Array.isArray(turn.content) ? turn.content.flatMap((part) => (part.type === "image_url" ? [part.image_url.url] : [])) : [];
}

/** The turns as the `openai` client types them (the shapes are the same; the types are wider). */
export const asProviderMessages = (turns: readonly ChatTurn[]) => turns as OpenAI.Chat.ChatCompletionMessageParam[];
