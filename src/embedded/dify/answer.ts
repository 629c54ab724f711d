import { countTokens } from "@/lib/token-estimate";
import { stableHash, writeChatAnswer, writeCopy, writeOutline } from "./demo-writer";
import { unsafeDemoAnswer } from "./unsafe-answer";

/**
 * Deterministic demo answers and their token counts. A request with a shape (a length, a list) is
 * answered in it (demo-writer.ts); an open question gets the showcase: Chinese Markdown with a
 * heading, lists, a GFM table, a code block and a KaTeX formula, so every renderer is on display.
 */

function topicOf(query: string): string {
  const cleaned = query.replace(/#\S+/g, "").replace(/\s+/g, " ").trim();
  const topic = cleaned.length > 24 ? `${cleaned.slice(0, 24)}…` : cleaned;
  return topic || "您的问题";
}

export type AnswerRequest =
  | { mode: "chat"; query: string; previousQuery?: string }
  | { mode: "completion"; query: string; inputs: Record<string, unknown> }
  | { mode: "workflow"; topic: string; inputs: Record<string, unknown> };

const textInput = (inputs: Record<string, unknown>, name: string) => (typeof inputs[name] === "string" ? (inputs[name] as string) : "");

export function buildAnswer(request: AnswerRequest): string {
  const unsafe = unsafeDemoAnswer(request.mode === "workflow" ? request.topic : request.query);
  if (unsafe) return unsafe;
  if (request.mode === "workflow") {
    const sections = Number(request.inputs.sections) || 3;
    return writeOutline(request.topic, textInput(request.inputs, "audience"), sections);
  }
  if (request.mode === "completion") return writeCopy(request.query, textInput(request.inputs, "style"));
  return writeChatAnswer(request.query, () => showcaseAnswer(request.query), request.previousQuery);
}

function showcaseAnswer(query: string): string {
  const topic = topicOf(query);
  const seed = stableHash(query);
  const length = [...query].length;
  const score = 60 + (seed % 40);
  const steps = 3 + (seed % 3);
  const intro = `您问的是：**${topic}**。`;
  return [
    `## 关于「${topic}」`,
    "",
    intro,
    "",
    "### 要点",
    "",
    `1. 先明确目标：把「${topic}」拆成 ${steps} 个可以执行的小步骤。`,
    "2. 再收集信息：列出已知条件和还缺少的材料。",
    "3. 最后动手验证，并记录结果。",
    "",
    "- 提示：每完成一步，就检查一次结果。",
    "- 想要更短或分点的回答，可以直接说「写 100 字」或「列出 5 条」。",
    "",
    "### 数据一览",
    "",
    "| 项目 | 说明 | 数值 |",
    "| --- | --- | ---: |",
    `| 字数 | 问题的字符数 | ${length} |`,
    `| 步骤 | 建议拆分的步骤 | ${steps} |`,
    `| 评分 | 演示用的可信度 | ${score} |`,
    "",
    "### 示例代码",
    "",
    "```ts",
    `const topic = ${JSON.stringify(topic)};`,
    `const steps = ${steps};`,
    "console.log(`${topic}：共 ${steps} 步`);",
    "```",
    "",
    "### 公式",
    "",
    `评分按 $s = 60 + (h \\bmod 40) = ${score}$ 计算，其中 $h$ 是问题的哈希值：`,
    "",
    "$$",
    `\\sum_{i=1}^{${steps}} i = \\frac{${steps}(${steps}+1)}{2} = ${(steps * (steps + 1)) / 2}`,
    "$$",
    "",
    "希望对您有帮助！",
  ].join("\n");
}

export { countTokens };

/** A fixed "system prompt" cost, so prompt tokens are never zero. */
const SYSTEM_PROMPT_TOKENS = 24;

export interface DemoUsage {
  prompt_tokens: number;
  prompt_unit_price: string;
  prompt_price_unit: string;
  prompt_price: string;
  completion_tokens: number;
  completion_unit_price: string;
  completion_price_unit: string;
  completion_price: string;
  total_tokens: number;
  total_price: string;
  currency: string;
  latency: number;
}

export function usageFor(prompt: string, answer: string, latencySeconds: number): DemoUsage {
  const promptTokens = SYSTEM_PROMPT_TOKENS + countTokens(prompt);
  const completionTokens = countTokens(answer);
  const promptPrice = (promptTokens * 0.000001).toFixed(7);
  const completionPrice = (completionTokens * 0.000002).toFixed(7);
  return {
    prompt_tokens: promptTokens,
    prompt_unit_price: "0.001",
    prompt_price_unit: "0.001",
    prompt_price: promptPrice,
    completion_tokens: completionTokens,
    completion_unit_price: "0.002",
    completion_price_unit: "0.001",
    completion_price: completionPrice,
    total_tokens: promptTokens + completionTokens,
    total_price: (Number(promptPrice) + Number(completionPrice)).toFixed(7),
    currency: "USD",
    latency: Math.round(latencySeconds * 1000) / 1000,
  };
}

/** Splits the answer into stream chunks of a few characters (never inside a surrogate pair). */
export function chunkAnswer(answer: string, size = 12): string[] {
  const chars = [...answer];
  const chunks: string[] = [];
  for (let index = 0; index < chars.length; index += size) chunks.push(chars.slice(index, index + size).join(""));
  return chunks;
}

export function suggestionsFor(query: string): string[] {
  const topic = topicOf(query);
  return [`能再详细说说「${topic}」吗？`, `「${topic}」有哪些常见误区？`, "可以举一个具体的例子吗？"];
}

/** Short conversation name derived from the first query (Dify auto-names after the first answer). */
export function conversationNameFor(query: string): string {
  return topicOf(query).slice(0, 20);
}
