import { z } from "@/lib/zod";
import type { ChatCompletionRequest, ChatMessage } from "../chat-request";

const text = z.string({ message: "文本内容必须是字符串" });
const inputPart = z.object({ type: z.enum(["input_text", "output_text"], { message: "目前只支持文本内容（input_text）" }), text });
const inputMessage = z.looseObject({
  type: z.literal("message", { message: "input 中目前只支持消息（type 为 message）" }).optional(),
  role: z.enum(["user", "assistant", "system", "developer"], { message: "role 必须是 user、assistant、system 或 developer" }),
  content: z.union([text, z.array(inputPart, { message: "content 必须是字符串或内容数组" })], { message: "content 必须是字符串或 input_text 内容数组" }),
});

/**
 * The body of `POST /v1/responses` as OpenAI defines it, the part we answer: text `input` (a string or
 * messages), `instructions`, `stream`. Other fields are accepted and ignored as OpenAI ignores what a
 * model does not use; the ones whose silent loss would change the answer are refused instead.
 */
export const responsesRequestSchema = z.looseObject({
  model: z.string({ message: "请指定 model" }).trim().min(1, "请指定 model").max(200, "model 太长"),
  input: z.union([text.min(1, "input 不能为空"), z.array(inputMessage, { message: "input 必须是字符串或消息数组" }).min(1, "input 不能为空").max(500, "input 最多 500 条")], {
    message: "input 必须是字符串或消息数组",
  }),
  instructions: z.string({ message: "instructions 必须是字符串" }).nullable().optional(),
  stream: z.boolean({ message: "stream 必须是布尔值" }).nullable().optional(),
  max_output_tokens: z.number({ message: "max_output_tokens 必须是整数" }).int("max_output_tokens 必须是整数").positive().nullable().optional(),
  previous_response_id: z.null({ message: "暂不支持 previous_response_id：回答不会保存在服务端，请在 input 中带上完整的对话" }).optional(),
  tools: z.array(z.unknown()).max(0, "/v1/responses 暂不支持 tools，函数调用请用 /v1/chat/completions").optional(),
});

export type ResponsesRequest = z.infer<typeof responsesRequestSchema>;

/** The same call as a chat completion: `instructions` first as a system message, then the input. */
export function asChatRequest(body: ResponsesRequest): ChatCompletionRequest {
  const messages: ChatMessage[] = body.instructions ? [{ role: "system", content: body.instructions }] : [];
  if (typeof body.input === "string") messages.push({ role: "user", content: body.input });
  else {
    for (const message of body.input) {
      const content = typeof message.content === "string" ? message.content : message.content.map((part) => part.text).join("");
      messages.push({ role: message.role, content });
    }
  }
  return { model: body.model, messages, stream: body.stream ?? false };
}
