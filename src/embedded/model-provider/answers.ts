import { countTokens } from "@/lib/token-estimate";
import { listOf, proseOfLength, stableHash, subjectOf, writeFollowUp } from "../dify/demo-writer";
import { followUpOf } from "../dify/follow-up";
import { requestShape } from "../dify/request-shape";
import { unsafeDemoAnswer } from "../dify/unsafe-answer";

/** The demo provider's two models: a quick one and one that thinks first (reasoning_content). */
export const DEMO_PROVIDER_MODELS = [
  { id: "spark-swift", name: "火花 快速版", reasons: false, sees: true },
  { id: "spark-reasoner", name: "火花 推理版", reasons: true, sees: false },
] as const;

export type DemoProviderModelId = (typeof DEMO_PROVIDER_MODELS)[number]["id"];

export interface DemoCompletion {
  reasoning: string;
  content: string;
}

/**
 * What the demo models answer: deterministic (the same request, the same text) but shaped by the
 * question — the asked length, a list when a list is asked for, otherwise a short answer whose
 * length and form vary with the question. The reasoner says how it read the question first.
 */
export function writeDemoCompletion(model: DemoProviderModelId, question: string, turn: number, images: readonly string[] = [], previousQuestion?: string): DemoCompletion {
  const followUp = followUpOf(question);
  const shape = requestShape(question);
  const subject = subjectOf(question);
  const seed = stableHash(`${model}:${question}`);
  let content: string;
  const unsafe = unsafeDemoAnswer(question);
  if (unsafe) content = unsafe;
  // 「再说一点」, 「举个例子」: about the previous question, as a person would carry on.
  else if (followUp) content = writeFollowUp(followUp, previousQuestion, seed);
  else if (shape.length) content = proseOfLength(subject, shape.length, seed);
  else if (shape.listItems) content = [`关于「${subject}」，可以从这 ${shape.listItems} 点入手：`, "", listOf(subject, shape.listItems, seed)].join("\n");
  else if (model === "spark-reasoner") content = [`**结论**：${proseOfLength(subject, 40, seed)}`, "", "**理由**", "", listOf(subject, 2 + (seed % 3), seed)].join("\n");
  else content = proseOfLength(subject, 60 + (seed % 5) * 30, seed);
  if (turn > 1 && !followUp) content = `接着我们前面聊的（这是第 ${turn} 个问题）：\n\n${content}`;
  if (images.length > 0) content = `我看到了您发来的 ${images.length} 张图片。${images.map((image, index) => `第 ${index + 1} 张：${image}。`).join("")}${content}`;
  if (model !== "spark-reasoner") return { reasoning: "", content };
  const form = shape.length ? `一段约 ${shape.length} 字的文字` : shape.listItems ? `${shape.listItems} 个要点` : "先给结论、再列理由";
  const reasoning = followUp
    ? `用户是接着上一个问题${previousQuestion ? `「${subjectOf(previousQuestion)}」` : ""}追问，回答要围绕它继续展开，而不是字面上的「${question.trim()}」。`
    : `用户问的是「${subject}」。先想清楚对方真正关心什么，再决定回答的形式：这里适合${form}。最后检查每一点是否具体、可执行。`;
  return { reasoning, content };
}

/** Tokens one image costs, as OpenAI counts a low-detail image. */
export const DEMO_IMAGE_TOKENS = 85;

/**
 * How the demo model "sees" an image, deterministically and offline: a data URL by its media type and
 * size in bytes, an https URL by its host (it is not fetched).
 */
export function describeImage(url: string): string {
  const data = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (data) return `一张 ${data[1]} 图片，${Buffer.from(data[2]!, "base64").byteLength} 字节`;
  try {
    return `一张来自 ${new URL(url).host} 的图片`;
  } catch {
    return "一张图片";
  }
}

interface UsageRequest {
  messages: { content?: string | { type: string; text?: string }[] | null; tool_calls?: { function: { name: string; arguments: string } }[] }[];
  tools?: unknown[];
}

/**
 * Usage the way a provider reports it: every message counts (its text, its tool calls, each image
 * `DEMO_IMAGE_TOKENS`), plus a small fixed overhead per message and the tool definitions; the
 * completion counts its text and the calls it makes.
 */
export function demoUsage(request: UsageRequest, completion: DemoCompletion, calls: readonly { function: { name: string; arguments: string } }[] = []) {
  const callText = (list: readonly { function: { name: string; arguments: string } }[] | undefined) => (list ?? []).map((call) => call.function.name + call.function.arguments).join("");
  const messageTokens = (message: UsageRequest["messages"][number]) => {
    const parts = Array.isArray(message.content) ? message.content : [];
    const text = typeof message.content === "string" ? message.content : parts.map((part) => part.text ?? "").join("");
    const images = parts.filter((part) => part.type === "image_url").length;
    return 4 + countTokens(text) + countTokens(callText(message.tool_calls)) + images * DEMO_IMAGE_TOKENS;
  };
  const toolTokens = request.tools?.length ? countTokens(JSON.stringify(request.tools)) : 0;
  const promptTokens = request.messages.reduce((sum, message) => sum + messageTokens(message), toolTokens);
  const completionTokens = countTokens(completion.reasoning) + countTokens(completion.content) + countTokens(callText(calls));
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    ...(completion.reasoning ? { completion_tokens_details: { reasoning_tokens: countTokens(completion.reasoning) } } : {}),
  };
}
