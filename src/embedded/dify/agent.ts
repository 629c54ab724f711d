import { stableHash, subjectOf } from "./demo-writer";

/**
 * The demo agent (`demo-agent`, Dify mode `agent-chat`): for every question it thinks, calls
 * 网页搜索 and then 计算器 with observations derived from the question, and answers. Deterministic:
 * the same question always gets the same steps and answer.
 */

export interface AgentToolCall {
  /** Tool name (Dify's `tool`). */
  name: string;
  labels: { en_US: string; zh_Hans: string };
  input: Record<string, unknown>;
  observation: string;
}

export interface AgentStepPlan {
  thought: string;
  call: AgentToolCall;
}

export interface AgentPlan {
  steps: AgentStepPlan[];
  answer: string;
}

const SOURCES = ["百科", "新闻报道", "行业报告", "问答社区", "官方网站", "学术论文"];

/** Two numbers to multiply: the ones in the question when there are any, a fixed pair for a few classics, else from the hash. */
function calculation(query: string, seed: number): { expression: string; result: number; note: string } {
  if (/年/.test(query) && /小时/.test(query)) return { expression: "365 * 24", result: 365 * 24, note: "一年的小时数" };
  if (/天/.test(query) && /分钟/.test(query)) return { expression: "24 * 60", result: 24 * 60, note: "一天的分钟数" };
  const numbers = (query.match(/\d+(?:\.\d+)?/g) ?? []).slice(0, 2).map(Number);
  if (numbers.length === 2) return { expression: `${numbers[0]} * ${numbers[1]}`, result: numbers[0]! * numbers[1]!, note: "问题中两个数字的乘积" };
  const first = numbers[0] ?? 10 + (seed % 90);
  const second = 2 + ((seed >> 8) % 8);
  return { expression: `${first} * ${second}`, result: first * second, note: "估算用的乘积" };
}

const formatNumber = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

export function agentPlanFor(query: string): AgentPlan {
  const subject = subjectOf(query);
  const seed = stableHash(query);
  const sources = [0, 1, 2].map((index) => SOURCES[(seed + index) % SOURCES.length]!);
  const results = sources.map((source, index) => `${index + 1}. 《${subject}：${source}整理》——关于「${subject}」的${source}资料，相关度 ${95 - index * 7 - (seed % 5)}%。`);
  const math = calculation(query, seed);
  const value = formatNumber(math.result);
  const search: AgentToolCall = {
    name: "web_search",
    labels: { en_US: "Web Search", zh_Hans: "网页搜索" },
    input: { query: subject, count: 3 },
    observation: [`找到 3 条与「${subject}」相关的结果：`, ...results].join("\n"),
  };
  const calculator: AgentToolCall = {
    name: "calculator",
    labels: { en_US: "Calculator", zh_Hans: "计算器" },
    input: { expression: math.expression },
    observation: `${math.expression} = ${value}`,
  };
  const answer = [
    `## 关于「${subject}」`,
    "",
    "我先用**网页搜索**查了资料，又用**计算器**核对了数字：",
    "",
    `- 搜索到 3 条相关结果，最相关的是《${subject}：${sources[0]}整理》。`,
    `- ${math.note}：\`${math.expression} = ${value}\`。`,
    "",
    `结论：可以先从${sources[0]}入手了解「${subject}」，再结合上面的计算结果做判断。希望对您有帮助！`,
  ].join("\n");
  return {
    steps: [
      { thought: `我需要先搜索一下「${subject}」的相关资料。`, call: search },
      { thought: "资料里有数字，再用计算器核对一下。", call: calculator },
    ],
    answer,
  };
}

/** One `agent_thought` as the stream sends it (without the common ids) and `GET /messages` stores it. */
export interface AgentThought {
  id: string;
  position: number;
  thought: string;
  observation: string;
  tool: string;
  tool_labels: Record<string, { en_US: string; zh_Hans: string }>;
  tool_input: string;
  created_at: number;
}

/** The thought of a step, before (`observation` empty) or after its tool answered. */
export function thoughtOf(step: AgentStepPlan, id: string, position: number, createdAt: number, observed: boolean): AgentThought {
  const { call } = step;
  return {
    id,
    position,
    thought: step.thought,
    observation: observed ? JSON.stringify({ [call.name]: call.observation }) : "",
    tool: call.name,
    tool_labels: { [call.name]: call.labels },
    tool_input: JSON.stringify({ [call.name]: call.input }),
    created_at: createdAt,
  };
}

/** The last round's thought: the answer itself, no tool (as Dify records it). */
export function answerThought(answer: string, id: string, position: number, createdAt: number): AgentThought {
  return { id, position, thought: answer, observation: "", tool: "", tool_labels: {}, tool_input: "", created_at: createdAt };
}
