import type { AgentStep, AgentToolUse } from "./types";

/**
 * Dify's `agent_thought` (stream) and `agent_thoughts[]` (GET messages) as the steps the page shows.
 * `tool` is `;`-joined; `tool_input` and, for function-calling agents, `observation` are JSON keyed
 * by tool name (reference §6.4). Anything unexpected is shown as the text it is.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === "string" ? value : "");

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

const pretty = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value, null, 2));

/** The part of a keyed JSON string that belongs to `tool`; the whole (pretty) when it is not keyed. */
function partFor(raw: string, tool: string, onlyTool: boolean): string {
  if (!raw) return "";
  const parsed = parseJson(raw);
  if (isObject(parsed) && tool in parsed) return pretty(parsed[tool]);
  if (parsed === undefined || (!onlyTool && isObject(parsed))) return raw;
  return pretty(parsed);
}

function labelOf(labels: unknown, tool: string): string {
  const label = isObject(labels) ? labels[tool] : undefined;
  if (typeof label === "string" && label) return label;
  if (isObject(label)) return text(label.zh_Hans) || text(label.en_US) || tool;
  return tool;
}

/** One agent step from an event or a stored thought; null when it has no id. */
export function agentStepFrom(raw: unknown): AgentStep | null {
  if (!isObject(raw) || typeof raw.id !== "string" || !raw.id) return null;
  const names = text(raw.tool)
    .split(";")
    .map((name) => name.trim())
    .filter(Boolean);
  const input = text(raw.tool_input);
  const observation = text(raw.observation);
  const tools: AgentToolUse[] = names.map((name) => ({
    name,
    label: labelOf(raw.tool_labels, name),
    input: partFor(input, name, names.length === 1),
    observation: partFor(observation, name, names.length === 1),
  }));
  return { id: raw.id, position: typeof raw.position === "number" ? raw.position : 0, thought: text(raw.thought), tools };
}

/** Adds a step, or replaces the step with its id (Dify resends a thought as it progresses); ordered by position. */
export function upsertStep(steps: AgentStep[] | undefined, step: AgentStep): AgentStep[] {
  const list = steps ?? [];
  const next = list.some((item) => item.id === step.id) ? list.map((item) => (item.id === step.id ? step : item)) : [...list, step];
  return [...next].sort((a, b) => a.position - b.position);
}

/** Stored thoughts (`GET messages`) as steps; undefined when there are none. */
export function stepsFromHistory(thoughts: unknown[] | undefined): AgentStep[] | undefined {
  const steps = (thoughts ?? []).map(agentStepFrom).filter((step): step is AgentStep => step !== null);
  return steps.length ? steps.reduce<AgentStep[]>((list, step) => upsertStep(list, step), []) : undefined;
}

/**
 * The steps worth showing: Dify records the agent's last round (no tool) with the answer itself as
 * its thought, which the answer text already shows; empty rounds are left out too.
 */
export function visibleSteps(steps: AgentStep[] | undefined, answer: string): AgentStep[] {
  const shown = answer.trim();
  return (steps ?? []).filter((step) => step.tools.length > 0 || (step.thought.trim() !== "" && step.thought.trim() !== shown));
}
