import { chatTurnSchema, MAX_IMAGES_PER_REQUEST, turnImages, type ChatTurn } from "@/features/ai-models/server";
import { z } from "@/lib/zod";
import type { ChatMessage } from "../chat-request";

/**
 * Largest image a data URL may carry, decoded. A request body is 1 MB at most (read-body.ts), so a
 * larger picture belongs at an https URL (which the provider fetches).
 */
export const MAX_DATA_URL_IMAGE_BYTES = 512 * 1024;

type Problem = { error: string; param: string };

const joinedText = (content: ChatMessage["content"]) =>
  typeof content === "string" ? content : Array.isArray(content) ? content.map((part) => (part.type === "text" && typeof part.text === "string" ? part.text : "")).join("") : "";

/** A user message's parts as OpenAI sends them: text and image_url parts kept, anything else refused. */
function userContent(content: ChatMessage["content"], index: number): ChatTurn["content"] | Problem {
  if (!Array.isArray(content)) return typeof content === "string" ? content : "";
  for (const [partIndex, part] of content.entries()) {
    if (part.type !== "text" && part.type !== "image_url") return { error: `不支持的内容类型 ${part.type}：目前只支持 text 和 image_url`, param: `messages.${index}.content.${partIndex}.type` };
  }
  return content as ChatTurn["content"];
}

/**
 * The client's messages as the turns a model app takes (ai-models `chatTurnSchema`): `developer` is a
 * system turn, a system or tool turn's text parts are joined, a user turn keeps its text and images,
 * an assistant turn keeps its tool calls. Then checked by that schema, so a wrong shape is refused
 * with the place it is (`param`), and every data URL against `MAX_DATA_URL_IMAGE_BYTES`.
 */
export function modelTurns(messages: ChatMessage[]): ChatTurn[] | Problem {
  const raw: unknown[] = [];
  for (const [index, message] of messages.entries()) {
    if (message.role === "user") {
      const content = userContent(message.content, index);
      if (content !== null && typeof content === "object" && "error" in content) return content;
      raw.push({ role: "user", content });
    } else if (message.role === "assistant") {
      const hasCalls = Array.isArray(message.tool_calls) && message.tool_calls.length > 0;
      raw.push({ role: "assistant", content: hasCalls && !message.content ? null : joinedText(message.content), ...(hasCalls ? { tool_calls: message.tool_calls } : {}) });
    } else if (message.role === "tool") {
      raw.push({ role: "tool", tool_call_id: message.tool_call_id, content: joinedText(message.content) });
    } else {
      raw.push({ role: "system", content: joinedText(message.content) });
    }
  }
  const parsed = z.array(chatTurnSchema).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: issue?.message ?? "messages 格式不正确", param: ["messages", ...(issue?.path ?? [])].join(".") };
  }
  let images = 0;
  for (const [index, turn] of parsed.data.entries()) {
    for (const url of turnImages(turn)) {
      images += 1;
      if (url.startsWith("data:") && Buffer.byteLength(url.slice(url.indexOf(",") + 1), "base64") > MAX_DATA_URL_IMAGE_BYTES) {
        return { error: `data URL 图片不能超过 ${MAX_DATA_URL_IMAGE_BYTES / 1024} KB，更大的图片请用 https 网址`, param: `messages.${index}.content` };
      }
    }
  }
  if (images > MAX_IMAGES_PER_REQUEST) return { error: `每次请求最多附带 ${MAX_IMAGES_PER_REQUEST} 张图片`, param: "messages" };
  return parsed.data;
}

/** The question the proxy checks and bounds: the last user turn's text (an image alone stands as 「[图片]」). */
export function lastUserQuestion(turns: ChatTurn[]): string | undefined {
  const turn = turns.findLast((candidate) => candidate.role === "user");
  if (!turn) return undefined;
  const text = typeof turn.content === "string" ? turn.content : turn.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("");
  if (text.trim() !== "") return text;
  return turnImages(turn).length > 0 ? "[图片]" : undefined;
}
