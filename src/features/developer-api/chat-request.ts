import { toolFieldsSchema } from "@/features/ai-models/server";
import { z } from "@/lib/zod";

/**
 * The body of `POST /v1/chat/completions` as OpenAI defines it (the fields we use; the rest, such as
 * `temperature`, are accepted and ignored: the app's operator sets them), plus two extensions for Dify
 * apps, which keep their own history: `conversation_id` and `inputs`.
 */
const textPart = z.object({ type: z.literal("text"), text: z.string() });
const otherPart = z.looseObject({ type: z.string() });

export const chatMessageSchema = z.looseObject({
  role: z.enum(["system", "developer", "user", "assistant", "tool"], { message: "role 必须是 system、developer、user、assistant 或 tool" }),
  content: z.union([z.string(), z.array(z.union([textPart, otherPart])), z.null()], { message: "content 必须是字符串或内容数组" }).optional(),
});

export const chatCompletionRequestSchema = z.looseObject({
  model: z.string({ message: "请指定 model" }).trim().min(1, "请指定 model").max(200, "model 太长"),
  messages: z.array(chatMessageSchema, { message: "messages 必须是数组" }).min(1, "messages 不能为空").max(500, "messages 最多 500 条"),
  stream: z.boolean({ message: "stream 必须是布尔值" }).nullable().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
  /** Dify chat apps: continue this conversation (also accepted as the `X-Conversation-Id` header). */
  conversation_id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, "conversation_id 格式不正确").nullable().optional(),
  /** Dify workflow and completion apps: the app's inputs (else the last user message fills the first text input). */
  inputs: z.record(z.string(), z.unknown(), { message: "inputs 必须是对象" }).optional(),
  /** Function calling (model apps only): passed to the provider as given. */
  ...toolFieldsSchema,
  /** Model apps whose operator enabled it: search the web first; the answer's sources come back as `citations`. */
  web_search: z.boolean({ message: "web_search 必须是布尔值" }).optional(),
});

export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>;
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A role the upstream understands: OpenAI's newer `developer` is a system message. */
export type PlainTurn = { role: "system" | "user" | "assistant"; content: string };

/**
 * The messages as plain text turns for a Dify app (which cannot call the client's tools: the caller
 * refuses tool turns first). Answers a Chinese error for content that is not text.
 */
export function plainTurns(messages: ChatMessage[]): PlainTurn[] | { error: string } {
  const turns: PlainTurn[] = [];
  for (const message of messages) {
    if (message.role === "tool") continue;
    let content = "";
    if (typeof message.content === "string") content = message.content;
    else if (Array.isArray(message.content)) {
      for (const part of message.content) {
        if (part.type !== "text" || typeof part.text !== "string") return { error: "目前只支持文本内容（type 为 text 的内容块）" };
        content += part.text;
      }
    }
    turns.push({ role: message.role === "developer" ? "system" : message.role, content });
  }
  return turns;
}

/** The question to ask: the text of the last user message. */
export function lastUserText(turns: PlainTurn[]): string | undefined {
  for (let index = turns.length - 1; index >= 0; index -= 1) {
    const turn = turns[index]!;
    if (turn.role === "user") return turn.content.trim() === "" ? undefined : turn.content;
  }
  return undefined;
}
