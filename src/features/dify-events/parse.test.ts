import { afterEach, describe, expect, it, vi } from "vitest";
import { isKnownDifyEvent, parseDifyEvent } from "./parse";
import { DIFY_EVENT_SCHEMAS, type DifyEventName } from "./schemas";

/** One well-formed example of every event the site understands (reference §6.4, §6.5). */
const examples: Record<DifyEventName, Record<string, unknown>> = {
  message: { task_id: "t", id: "m", message_id: "m", conversation_id: "c", answer: "你好" },
  agent_message: { task_id: "t", id: "m", message_id: "m", answer: "好的" },
  agent_thought: { id: "th", message_id: "m", position: 1, thought: "想", observation: "{}", tool: "search", tool_input: "{}", tool_labels: { search: "搜索" } },
  message_file: { id: "f", type: "image", belongs_to: "assistant", url: "https://x/a.png" },
  message_end: { id: "m", message_id: "m", metadata: { usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 }, retriever_resources: [] } },
  message_replace: { message_id: "m", answer: "已替换", reason: "output_moderation" },
  workflow_started: { task_id: "t", workflow_run_id: "r", data: { id: "r" } },
  node_started: { workflow_run_id: "r", data: { id: "n", node_id: "llm", node_type: "llm", title: "生成" } },
  node_finished: { workflow_run_id: "r", data: { id: "n", status: "succeeded", elapsed_time: 1.5 } },
  node_retry: { workflow_run_id: "r", data: { id: "n", status: "retry" } },
  iteration_started: { workflow_run_id: "r", data: { id: "i", node_id: "it" } },
  iteration_next: { workflow_run_id: "r", data: { id: "i", node_id: "it", index: 1 } },
  iteration_completed: { workflow_run_id: "r", data: { id: "i", node_id: "it" } },
  loop_started: { workflow_run_id: "r", data: { id: "l", node_id: "lp" } },
  loop_next: { workflow_run_id: "r", data: { id: "l", node_id: "lp" } },
  loop_completed: { workflow_run_id: "r", data: { id: "l", node_id: "lp" } },
  text_chunk: { workflow_run_id: "r", data: { text: "片段" } },
  reasoning_chunk: { data: { reasoning: "思考", is_final: false } },
  workflow_finished: { workflow_run_id: "r", data: { status: "succeeded", outputs: { text: "完成" }, elapsed_time: 2, total_tokens: 9 } },
  tts_message: { message_id: "m", audio: "AAAA" },
  tts_message_end: { message_id: "m", audio: "" },
  error: { status: 400, code: "invalid_param", message: "参数错误" },
  ping: {},
};

afterEach(() => vi.restoreAllMocks());

describe("parseDifyEvent", () => {
  it.each(Object.keys(DIFY_EVENT_SCHEMAS) as DifyEventName[])("parses a well-formed %s event with all its fields", (name) => {
    const raw = { event: name, ...examples[name], newer_field: { kept: true } };
    const event = parseDifyEvent(raw);
    expect(event).toEqual(raw);
    expect(event && isKnownDifyEvent(event)).toBe(true);
  });

  it("reads a known event's malformed fields as absent, keeping the rest (as the reducers always have)", () => {
    expect(parseDifyEvent({ event: "message", task_id: "t", answer: 42 })).toEqual({ event: "message", task_id: "t", answer: undefined });
    expect(parseDifyEvent({ event: "error", status: "500", message: ["x"], code: "c" })).toEqual({ event: "error", status: undefined, message: undefined, code: "c" });
    expect(parseDifyEvent({ event: "node_finished", data: "oops" })).toEqual({ event: "node_finished", data: undefined });
    expect(parseDifyEvent({ event: "node_finished", data: { id: "n", status: 3, elapsed_time: "1" } })).toEqual({ event: "node_finished", data: { id: "n", status: undefined, elapsed_time: undefined } });
    expect(parseDifyEvent({ event: "message_end", metadata: { usage: [1, 2] } })).toEqual({ event: "message_end", metadata: { usage: undefined } });
  });

  it("passes an unknown event through untouched and warns once per event name", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const first = { event: "human_input_required_test", data: { form_id: "f" }, task_id: "t" };
    expect(parseDifyEvent(first)).toBe(first);
    expect(parseDifyEvent({ event: "human_input_required_test" })).toEqual({ event: "human_input_required_test" });
    const other = parseDifyEvent({ event: "agent_log_test" });
    expect(other && isKnownDifyEvent(other)).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]![0])).toContain("human_input_required_test");
    expect(String(warn.mock.calls[1]![0])).toContain("agent_log_test");
  });

  it("is not fooled by names inherited from Object", () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const event = parseDifyEvent({ event: "toString" });
    expect(event && isKnownDifyEvent(event)).toBe(false);
  });

  it("answers null for JSON that is not an event", () => {
    for (const json of [null, 3, "message", [{ event: "message" }], {}, { event: 5 }]) expect(parseDifyEvent(json)).toBeNull();
  });
});
