import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { AIMessageChunk, type AIMessage } from "@langchain/core/messages";
import { ChatOpenAI } from "@langchain/openai";
import { generateText, jsonSchema, stepCountIs, streamText, tool } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDeveloperApi } from "../../../test/developer-api-testbed";

// Issue 36 item 6: the clients developers already use work against /v1 unchanged — the Vercel AI
// SDK's OpenAI-compatible provider and LangChain JS's ChatOpenAI — driven against the real routes and
// the process's AI proxy, answered by the demo model (which calls the tool its question names).
const api = await startDeveloperApi("v1-clients");
const BASE = "http://localhost:3000/v1";

let secret: string;
let keyId: string;
beforeAll(async () => {
  const key = await api.newKey(await api.newUser());
  secret = key.secret;
  keyId = key.key.id;
});
afterAll(() => api.stop());

const weatherSchema = { type: "object" as const, properties: { city: { type: "string" as const } }, required: ["city"] };

describe("Vercel AI SDK (@ai-sdk/openai-compatible)", () => {
  const spark = () => createOpenAICompatible({ name: "spark", baseURL: BASE, apiKey: secret, fetch: api.routeFetch, includeUsage: true });

  it("generateText answers with usage", async () => {
    const result = await generateText({ model: spark()("demo-model"), prompt: "你好，介绍一下你自己" });
    expect(result.text.length).toBeGreaterThan(0);
    expect(result.finishReason).toBe("stop");
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
  });

  it("streamText streams the answer piece by piece, with usage at the end", async () => {
    const result = streamText({ model: spark()("demo-model"), prompt: "写一句关于春天的话" });
    const pieces: string[] = [];
    for await (const piece of result.textStream) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe(await result.text);
    expect((await result.usage).outputTokens).toBeGreaterThan(0);
  });

  it("calls a tool, runs it and answers from its result (the whole loop)", async () => {
    const result = await generateText({
      model: spark()("demo-model"),
      prompt: "用 get_weather 查一下 city=北京 的天气",
      tools: { get_weather: tool({ description: "查询城市天气", inputSchema: jsonSchema<{ city: string }>(weatherSchema), execute: async ({ city }) => ({ city, sky: "晴" }) }) },
      stopWhen: stepCountIs(2),
    });
    expect(result.steps[0]!.toolCalls).toEqual([expect.objectContaining({ toolName: "get_weather", input: { city: "北京" } })]);
    expect(result.steps).toHaveLength(2);
    expect(result.text).toContain("get_weather");
    expect(result.text).toContain("晴");
  });
});

describe("LangChain JS (ChatOpenAI)", () => {
  const chat = () => new ChatOpenAI({ model: "demo-model", apiKey: secret, maxRetries: 0, configuration: { baseURL: BASE, fetch: api.routeFetch } });

  it("invoke answers with usage metadata", async () => {
    const answer = await chat().invoke("你好，介绍一下你自己");
    expect(typeof answer.content === "string" && answer.content.length > 0).toBe(true);
    expect(answer.usage_metadata?.input_tokens).toBeGreaterThan(0);
  });

  it("stream yields chunks that add up to the answer", async () => {
    const chunks: AIMessageChunk[] = [];
    for await (const chunk of await chat().stream("写一句关于春天的话")) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(1);
    const whole = chunks.reduce((sum, chunk) => sum.concat(chunk));
    expect(typeof whole.content === "string" && whole.content.length > 0).toBe(true);
  });

  it("bindTools: the model's tool call arrives parsed", async () => {
    const withTools = chat().bindTools([{ type: "function", function: { name: "get_weather", description: "查询城市天气", parameters: weatherSchema } }]);
    const answer: AIMessage = await withTools.invoke("用 get_weather 查一下 city=上海 的天气");
    expect(answer.tool_calls).toEqual([expect.objectContaining({ name: "get_weather", args: { city: "上海" } })]);
  });

  it("every call above went through the key, billed like the official client's", async () => {
    const rows = await api.usageRows(keyId);
    // AI SDK: 2 + 2 tool-loop steps; LangChain: 3.
    expect(rows.length).toBe(7);
    expect(rows.every((row) => row.totalTokens > 0)).toBe(true);
  });
});
