import { stableHash, subjectOf } from "../dify/demo-writer";

/**
 * Function calling in the demo provider, deterministic so a tool loop is testable offline: the model
 * calls the tools the question names (or the one `tool_choice` forces), with arguments taken from the
 * question — `name({...JSON...})` or `name(key=value, …)` beside the name, else `key=value` pairs in
 * the question, else each required string parameter filled with the question's subject. Once tool
 * results follow its calls, it answers from them.
 */

export interface DemoTool {
  type: "function";
  function: { name: string; parameters?: Record<string, unknown> };
}

export type DemoToolChoice = "none" | "auto" | "required" | { type: "function"; function: { name: string } };

export interface DemoToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Where a name occurs as a word (so `get_time` is not found inside `get_timezone`). */
function nameAt(question: string, name: string): number {
  const match = new RegExp(`(?<![A-Za-z0-9_-])${escapeRegExp(name)}(?![A-Za-z0-9_-])`).exec(question);
  return match ? match.index : -1;
}

/** The text between the parentheses right after the name, if any (nested brackets allowed). */
function bracketedAfter(question: string, name: string): string | undefined {
  const start = nameAt(question, name);
  const open = start + name.length;
  if (start < 0 || question[open] !== "(") return undefined;
  let depth = 0;
  for (let index = open; index < question.length; index += 1) {
    if (question[index] === "(") depth += 1;
    if (question[index] === ")" && (depth -= 1) === 0) return question.slice(open + 1, index);
  }
  return undefined;
}

function jsonObjectIn(text: string): Record<string, unknown> | undefined {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end <= start) return undefined;
  try {
    const value: unknown = JSON.parse(text.slice(start, end + 1));
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

type Schema = { properties?: Record<string, { type?: unknown }>; required?: unknown };

function pairsIn(text: string, schema: Schema): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const match of text.matchAll(/([A-Za-z_][A-Za-z0-9_]*)\s*[=＝]\s*("[^"]*"|[^\s,，;；)）]+)/g)) {
    const [, key, raw] = match;
    const value = raw!.startsWith('"') ? raw!.slice(1, -1) : raw!;
    const type = schema.properties?.[key!]?.type;
    args[key!] = (type === "number" || type === "integer") && Number.isFinite(Number(value)) ? Number(value) : type === "boolean" ? value === "true" : value;
  }
  return args;
}

function argumentsFor(question: string, tool: DemoTool): Record<string, unknown> {
  const schema = (tool.function.parameters ?? {}) as Schema;
  const source = bracketedAfter(question, tool.function.name) ?? question;
  const json = jsonObjectIn(source);
  if (json) return json;
  const pairs = pairsIn(source, schema);
  if (Object.keys(pairs).length > 0) return pairs;
  const required = Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === "string") : [];
  const subject = subjectOf(question.replace(new RegExp(escapeRegExp(tool.function.name), "g"), "").replace(/^\s*(调用|用|使用)\s*/, ""));
  return Object.fromEntries(required.filter((key) => schema.properties?.[key]?.type === "string").map((key) => [key, subject]));
}

/** The calls the demo model makes for this question, or none (it answers in text). */
export function demoToolCalls(question: string, tools: readonly DemoTool[], choice: DemoToolChoice | undefined, parallel: boolean): DemoToolCall[] {
  if (tools.length === 0 || choice === "none") return [];
  let chosen: DemoTool[];
  if (typeof choice === "object") chosen = tools.filter((tool) => tool.function.name === choice.function.name);
  else {
    chosen = tools
      .map((tool) => ({ tool, at: nameAt(question, tool.function.name) }))
      .filter(({ at }) => at >= 0)
      .sort((a, b) => a.at - b.at)
      .map(({ tool }) => tool);
    if (chosen.length === 0 && choice === "required") chosen = [tools[0]!];
  }
  if (!parallel) chosen = chosen.slice(0, 1);
  return chosen.map((tool, index) => ({
    id: `call_${stableHash(`${question}:${tool.function.name}:${index}`).toString(16).padStart(8, "0")}`,
    type: "function",
    function: { name: tool.function.name, arguments: JSON.stringify(argumentsFor(question, tool)) },
  }));
}

/** The answer once the tools answered: each result, named by its function. */
export function answerFromToolResults(results: readonly { name: string; content: string }[]): string {
  const lines = results.map((result) => `- ${result.name}：${result.content}`);
  return ["根据工具返回的结果：", "", ...lines].join("\n");
}
