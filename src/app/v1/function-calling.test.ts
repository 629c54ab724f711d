import type OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDeveloperApi } from "../../../test/developer-api-testbed";
import { openAiFailure } from "../../../test/openai-failure";

// Function calling on /v1 with the official `openai` client, the real routes and the process's AI
// proxy, answered by the demo model provider (it calls the tool the question names, with arguments
// from the question): the whole loop, streamed deltas as OpenAI sends them, and what a hostile
// client would try (a Dify app, huge arguments, tool turns out of order, unsafe tool results).
const api = await startDeveloperApi("v1-tools");
const { DEMO_UNSAFE_WORD } = await import("@/embedded/dify");

const weather: OpenAI.Chat.ChatCompletionTool = {
  type: "function",
  function: { name: "get_weather", description: "查询城市天气", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
};
const time: OpenAI.Chat.ChatCompletionTool = {
  type: "function",
  function: { name: "get_time", parameters: { type: "object", properties: { zone: { type: "string" } }, required: ["zone"] } },
};

let client: OpenAI;
let keyId: string;
beforeAll(async () => {
  const key = await api.newKey(await api.newUser());
  keyId = key.key.id;
  client = api.client(key.secret);
});
afterAll(() => api.stop());

describe("function calling on a model app", () => {
  it("runs the whole loop: the model calls the named tool with the question's arguments, then answers from its result (both calls billed)", async () => {
    const question: OpenAI.Chat.ChatCompletionMessageParam = { role: "user", content: "用 get_weather 查一下 city=北京 的天气" };
    const first = await client.chat.completions.create({ model: "demo-model", messages: [question], tools: [weather, time] });
    const choice = first.choices[0]!;
    expect(choice.finish_reason).toBe("tool_calls");
    expect(choice.message.content).toBeNull();
    const call = choice.message.tool_calls![0]!;
    expect(choice.message.tool_calls).toHaveLength(1);
    expect(call).toMatchObject({ type: "function", function: { name: "get_weather" } });
    expect(call.id).toMatch(/^call_/);
    expect(JSON.parse(call.type === "function" ? call.function.arguments : "")).toEqual({ city: "北京" });
    expect(first.usage!.completion_tokens).toBeGreaterThan(0);

    const second = await client.chat.completions.create({
      model: "demo-model",
      messages: [question, choice.message, { role: "tool", tool_call_id: call.id, content: '{"temperature": 21, "sky": "晴"}' }],
      tools: [weather, time],
    });
    expect(second.choices[0]!.finish_reason).toBe("stop");
    expect(second.choices[0]!.message.content).toContain('get_weather：{"temperature": 21, "sky": "晴"}');
    const rows = await api.usageRows(keyId);
    expect(rows.map((row) => row.promptTokens).sort()).toEqual([first.usage!.prompt_tokens, second.usage!.prompt_tokens].sort());
  });

  it("streams tool_calls deltas as OpenAI does (header with id and name, then argument pieces) and the client's stream helper assembles parallel calls", async () => {
    const stream = await client.chat.completions.create({
      model: "demo-model",
      messages: [{ role: "user", content: '先调用 get_time(zone=Asia/Shanghai)，再调用 get_weather({"city": "上海", "unit": "celsius"})' }],
      tools: [weather, time],
      stream: true,
      stream_options: { include_usage: true },
    });
    const deltas: OpenAI.Chat.ChatCompletionChunk.Choice.Delta[] = [];
    const finishes: (string | null)[] = [];
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      if (chunk.choices[0]) deltas.push(chunk.choices[0].delta);
      if (chunk.choices[0]) finishes.push(chunk.choices[0].finish_reason);
      if (chunk.usage) usage = chunk.usage;
    }
    expect(deltas[0]).toMatchObject({ role: "assistant", content: null, tool_calls: [{ index: 0, id: expect.stringMatching(/^call_/), type: "function", function: { name: "get_time", arguments: "" } }] });
    const pieces = deltas.slice(1).flatMap((delta) => delta.tool_calls ?? []);
    expect(pieces.filter((piece) => piece.id)).toEqual([expect.objectContaining({ index: 1, type: "function", function: { name: "get_weather", arguments: "" } })]);
    expect(pieces.filter((piece) => !piece.id).every((piece) => piece.function?.name === undefined && typeof piece.function?.arguments === "string")).toBe(true);
    expect(finishes.at(-1)).toBe("tool_calls");
    expect(usage!.prompt_tokens).toBeGreaterThan(0);

    const helper = client.chat.completions.stream({ model: "demo-model", messages: [{ role: "user", content: '先调用 get_time(zone=Asia/Shanghai)，再调用 get_weather({"city": "上海"})' }], tools: [weather, time] });
    const calls = (await helper.finalChatCompletion()).choices[0]!.message.tool_calls!;
    expect(calls.map((call) => (call.type === "function" ? [call.function.name, JSON.parse(call.function.arguments)] : []))).toEqual([
      ["get_time", { zone: "Asia/Shanghai" }],
      ["get_weather", { city: "上海" }],
    ]);
  });

  it("honours parallel_tool_calls: false and a tool_choice that names a function", async () => {
    const single = await client.chat.completions.create({ model: "demo-model", messages: [{ role: "user", content: "get_weather(city=北京) 和 get_time(zone=UTC)" }], tools: [weather, time], parallel_tool_calls: false });
    expect(single.choices[0]!.message.tool_calls!.map((call) => (call.type === "function" ? call.function.name : ""))).toEqual(["get_weather"]);
    const forced = await client.chat.completions.create({ model: "demo-model", messages: [{ role: "user", content: "zone=Europe/Paris 现在几点" }], tools: [weather, time], tool_choice: { type: "function", function: { name: "get_time" } } });
    const call = forced.choices[0]!.message.tool_calls![0]!;
    expect(call.type === "function" && [call.function.name, JSON.parse(call.function.arguments)]).toEqual(["get_time", { zone: "Europe/Paris" }]);
    const none = await client.chat.completions.create({ model: "demo-model", messages: [{ role: "user", content: "get_weather(city=北京)" }], tools: [weather], tool_choice: "none" });
    expect([none.choices[0]!.finish_reason, none.choices[0]!.message.tool_calls]).toEqual(["stop", undefined]);
  });
});

describe("function calling refused", () => {
  it("a Dify app asked for tools answers invalid_request_error, and so do tool turns sent to it", async () => {
    const failure = await openAiFailure(client.chat.completions.create({ model: "demo-chat", messages: [{ role: "user", content: "get_weather(city=北京)" }], tools: [weather] }));
    expect([failure.status, failure.type, failure.param]).toEqual([400, "invalid_request_error", "tools"]);
    expect(failure.message).toContain("Dify 应用，不支持函数调用");
    const turns = await openAiFailure(
      client.chat.completions.create({
        model: "demo-chat",
        messages: [{ role: "user", content: "天气" }, { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "get_weather", arguments: "{}" } }] }, { role: "tool", tool_call_id: "call_1", content: "晴" }],
      }),
    );
    expect([turns.status, turns.type, turns.param]).toEqual([400, "invalid_request_error", "messages.1"]);
  });

  it("a key limited to other apps cannot reach the model app's tools", async () => {
    const restricted = await api.newKey(await api.newUser(), { name: "只用聊天", allowedApps: ["demo-chat"] });
    const failure = await openAiFailure(api.client(restricted.secret).chat.completions.create({ model: "demo-model", messages: [{ role: "user", content: "get_weather(city=北京)" }], tools: [weather] }));
    expect([failure.status, failure.code]).toEqual([404, "model_not_found"]);
  });

  it("refuses tool-call arguments over the cap, with the place they are", async () => {
    const huge = JSON.stringify({ city: "北".repeat(150_000) });
    const failure = await openAiFailure(
      client.chat.completions.create({
        model: "demo-model",
        messages: [{ role: "user", content: "天气" }, { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "get_weather", arguments: huge } }] }, { role: "tool", tool_call_id: "call_1", content: "晴" }],
        tools: [weather],
      }),
    );
    expect([failure.status, failure.type, failure.param]).toEqual([400, "invalid_request_error", "messages.1.tool_calls.0.function.arguments"]);
  });

  it("refuses malformed tool turns: a result for no call, a result without its id, tools of the wrong type, a tool_choice not in tools", async () => {
    const orphan = await openAiFailure(client.chat.completions.create({ model: "demo-model", messages: [{ role: "user", content: "天气" }, { role: "tool", tool_call_id: "call_x", content: "晴" }], tools: [weather] }));
    expect([orphan.status, orphan.param]).toEqual([400, "messages.1.tool_call_id"]);
    const call = { id: "call_1", type: "function" as const, function: { name: "get_weather", arguments: "{}" } };
    const noId = await openAiFailure(
      client.chat.completions.create({ model: "demo-model", messages: [{ role: "user", content: "天气" }, { role: "assistant", content: null, tool_calls: [call] }, { role: "tool", content: "晴" } as never], tools: [weather] }),
    );
    expect([noId.status, noId.type, noId.param]).toEqual([400, "invalid_request_error", "messages.2.tool_call_id"]);
    const wrongType = await openAiFailure(client.chat.completions.create({ model: "demo-model", messages: [{ role: "user", content: "天气" }], tools: "get_weather" as never }));
    expect([wrongType.status, wrongType.param]).toEqual([400, "tools"]);
    const badName = await openAiFailure(client.chat.completions.create({ model: "demo-model", messages: [{ role: "user", content: "天气" }], tools: [{ type: "function", function: { name: "查天气" } }] }));
    expect([badName.status, badName.param]).toEqual([400, "tools.0.function.name"]);
    const notListed = await openAiFailure(client.chat.completions.create({ model: "demo-model", messages: [{ role: "user", content: "天气" }], tools: [weather], tool_choice: { type: "function", function: { name: "get_time" } } }));
    expect([notListed.status, notListed.param]).toEqual([400, "tool_choice"]);
  });

  it("checks tool results with content safety: a listed word in a tool result is 400 content_filter and nothing is billed", async () => {
    const key = await api.newKey(await api.newUser());
    const failure = await openAiFailure(
      api.client(key.secret).chat.completions.create({
        model: "demo-model",
        messages: [
          { role: "user", content: "查天气" },
          { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"北京"}' } }] },
          { role: "tool", tool_call_id: "call_1", content: [{ type: "text", text: `今天${DEMO_UNSAFE_WORD}` }] },
        ],
        tools: [weather],
      }),
    );
    expect([failure.status, failure.code]).toEqual([400, "content_filter"]);
    const inArguments = await openAiFailure(
      api.client(key.secret).chat.completions.create({
        model: "demo-model",
        messages: [
          { role: "user", content: "查天气" },
          { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "get_weather", arguments: JSON.stringify({ city: DEMO_UNSAFE_WORD }) } }] },
          { role: "tool", tool_call_id: "call_1", content: "晴" },
        ],
        tools: [weather],
      }),
    );
    expect([inArguments.status, inArguments.code]).toEqual([400, "content_filter"]);
    expect(await api.usageRows(key.key.id)).toEqual([]);
  });
});
