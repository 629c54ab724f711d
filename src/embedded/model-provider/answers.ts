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
export function writeDemoCompletion(model: DemoProviderModelId, question: string, turn: number, images = 0, previousQuestion?: string): DemoCompletion {
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
  if (images > 0) content = `我看到了您发来的 ${images} 张图片。${content}`;
  if (model !== "spark-reasoner") return { reasoning: "", content };
  const form = shape.length ? `一段约 ${shape.length} 字的文字` : shape.listItems ? `${shape.listItems} 个要点` : "先给结论、再列理由";
  const reasoning = followUp
    ? `用户是接着上一个问题${previousQuestion ? `「${subjectOf(previousQuestion)}」` : ""}追问，回答要围绕它继续展开，而不是字面上的「${question.trim()}」。`
    : `用户问的是「${subject}」。先想清楚对方真正关心什么，再决定回答的形式：这里适合${form}。最后检查每一点是否具体、可执行。`;
  return { reasoning, content };
}

/** Usage the way a provider reports it: every message counts, plus a small fixed overhead per message. */
export function demoUsage(messages: { content: string }[], completion: DemoCompletion) {
  const promptTokens = messages.reduce((sum, message) => sum + 4 + countTokens(message.content), 0);
  const completionTokens = countTokens(completion.reasoning) + countTokens(completion.content);
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    ...(completion.reasoning ? { completion_tokens_details: { reasoning_tokens: countTokens(completion.reasoning) } } : {}),
  };
}
