import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import type OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDeveloperApi } from "../../../test/developer-api-testbed";
import { openAiFailure } from "../../../test/openai-failure";

// GET /v1/models/{id}, POST /v1/embeddings and POST /v1/responses with the official `openai` client,
// the real routes and the process's AI proxy: the demo provider's stable vectors billed as input
// tokens, the Responses API's objects and event names, and the refusals in OpenAI's error shape.
const api = await startDeveloperApi("v1-endpoints");
const { DEMO_BAD_ANSWER_MARKER, DEMO_UNSAFE_WORD } = await import("@/embedded/dify");

let client: OpenAI;
let keyId: string;
let secret: string;
beforeAll(async () => {
  const key = await api.newKey(await api.newUser());
  keyId = key.key.id;
  secret = key.secret;
  client = api.client(secret);
});
afterAll(() => api.stop());

describe("GET /v1/models/{id}", () => {
  it("answers one model, its id slash encoded by the client or not, embedding models included", async () => {
    expect(await client.models.retrieve("demo-model/spark-swift")).toMatchObject({ id: "demo-model/spark-swift", object: "model", owned_by: "火花模型" });
    expect(await client.models.retrieve("demo-chat")).toMatchObject({ id: "demo-chat", object: "model" });
    const raw = await api.routeFetch("http://localhost:3000/v1/models/demo-model/spark-embed", { headers: { Authorization: `Bearer ${secret}` } });
    expect(await raw.json()).toMatchObject({ id: "demo-model/spark-embed", object: "model" });
    const ids = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toContain("demo-model/spark-embed");
  });

  it("404 model_not_found for an unknown model and for an app the key may not use", async () => {
    const unknown = await openAiFailure(client.models.retrieve("demo-model/gpt-9"));
    expect([unknown.status, unknown.code, unknown.type]).toEqual([404, "model_not_found", "invalid_request_error"]);
    const restricted = await api.newKey(await api.newUser(), { name: "只用聊天", allowedApps: ["demo-chat"] });
    const hidden = await openAiFailure(api.client(restricted.secret).models.retrieve("demo-model"));
    expect([hidden.status, hidden.code]).toEqual([404, "model_not_found"]);
  });
});

describe("POST /v1/embeddings", () => {
  it("answers stable unit vectors (base64 as the client asks by default, or floats), billed as input tokens", async () => {
    const first = await client.embeddings.create({ model: "demo-model/spark-embed", input: ["你好", "今天天气很好"] });
    expect(first.data.map((item) => item.index)).toEqual([0, 1]);
    const vector = first.data[0]!.embedding;
    expect(vector).toHaveLength(256);
    expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
    const again = await client.embeddings.create({ model: "demo-model/spark-embed", input: "你好", encoding_format: "float" });
    again.data[0]!.embedding.forEach((value, index) => expect(value).toBeCloseTo(vector[index]!, 6));
    expect(first.data[1]!.embedding).not.toEqual(vector);
    expect(first.usage.prompt_tokens).toBeGreaterThan(0);
    expect(first.usage.total_tokens).toBe(first.usage.prompt_tokens);
    const rows = await api.usageRows(keyId);
    expect(rows).toEqual(expect.arrayContaining([expect.objectContaining({ appid: "demo-model", model: "spark-embed", promptTokens: first.usage.prompt_tokens, completionTokens: 0 })]));
  });

  it("a Dify app or a chat model refuses clearly; an embedding model refuses chat", async () => {
    for (const model of ["demo-chat", "demo-model", "demo-model/spark-swift"]) {
      const failure = await openAiFailure(client.embeddings.create({ model, input: "你好" }));
      expect([failure.status, failure.type, failure.param], model).toEqual([400, "invalid_request_error", "model"]);
      expect(failure.message).toContain("不提供向量");
    }
    const chat = await openAiFailure(client.chat.completions.create({ model: "demo-model/spark-embed", messages: [{ role: "user", content: "你好" }] }));
    expect([chat.status, chat.param]).toEqual([400, "model"]);
  });

  it("refuses wrong types and unsafe input in OpenAI's shape, billing nothing", async () => {
    const key = await api.newKey(await api.newUser());
    const own = api.client(key.secret);
    const number = await openAiFailure(own.embeddings.create({ model: "demo-model/spark-embed", input: 42 as never }));
    expect([number.status, number.type, number.param]).toEqual([400, "invalid_request_error", "input"]);
    const dims = await openAiFailure(own.embeddings.create({ model: "demo-model/spark-embed", input: "你好", dimensions: "8" as never }));
    expect([dims.status, dims.param]).toEqual([400, "dimensions"]);
    const many = await openAiFailure(own.embeddings.create({ model: "demo-model/spark-embed", input: Array.from({ length: 257 }, (_, index) => `第 ${index} 条`) }));
    expect([many.status, many.param]).toEqual([400, "input"]);
    const unsafe = await openAiFailure(own.embeddings.create({ model: "demo-model/spark-embed", input: ["你好", `关于${DEMO_UNSAFE_WORD}`] }));
    expect([unsafe.status, unsafe.code]).toEqual([400, "content_filter"]);
    expect(await api.usageRows(key.key.id)).toEqual([]);
  });
});

describe("POST /v1/responses", () => {
  it("answers plain text input as a response object (instructions taken, unknown parameters ignored), usage recorded", async () => {
    const response = await client.responses.create({ model: "demo-model", instructions: "回答要简短", input: "列出 3 个提高专注力的方法", ...({ some_future_option: { a: 1 } } as object) });
    expect(response).toMatchObject({ object: "response", status: "completed", model: "demo-model" });
    expect(response.output_text).toContain("提高专注力的方法");
    expect(response.output[0]).toMatchObject({ type: "message", role: "assistant", status: "completed" });
    expect(response.usage!.input_tokens).toBeGreaterThan(0);
    expect(response.usage!.total_tokens).toBe(response.usage!.input_tokens + response.usage!.output_tokens);
    expect((await api.usageRows(keyId)).map((row) => row.promptTokens)).toContain(response.usage!.input_tokens);
    const messages = await client.responses.create({ model: "demo-chat", input: [{ role: "user", content: [{ type: "input_text", text: "你好" }] }] });
    expect(messages.output_text.length).toBeGreaterThan(0);
  });

  it("streams the Responses API's events in order, the deltas adding up to the done text", async () => {
    const stream = await client.responses.create({ model: "demo-model/spark-reasoner", input: "如何规划一次周末短途旅行？", stream: true });
    const types: string[] = [];
    const sequence: number[] = [];
    let deltas = "";
    let done = "";
    let completed: OpenAI.Responses.Response | undefined;
    for await (const event of stream) {
      types.push(event.type);
      sequence.push(event.sequence_number);
      if (event.type === "response.output_text.delta") deltas += event.delta;
      if (event.type === "response.output_text.done") done = event.text;
      if (event.type === "response.completed") completed = event.response;
    }
    const distinct = types.filter((type, index) => type !== types[index - 1]);
    expect(distinct).toEqual([
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.content_part.added",
      "response.output_text.delta",
      "response.output_text.done",
      "response.content_part.done",
      "response.output_item.done",
      "response.completed",
    ]);
    expect(sequence).toEqual(sequence.map((_, index) => index));
    expect(deltas).toBe(done);
    expect(done).toContain("结论");
    expect(completed!.usage!.output_tokens).toBeGreaterThan(0);
  });

  it("an answer cut by content safety is incomplete (content_filter), streamed or not", async () => {
    const whole = await client.responses.create({ model: "demo-model", input: `${DEMO_BAD_ANSWER_MARKER}：介绍一下` });
    expect([whole.status, whole.incomplete_details?.reason]).toEqual(["incomplete", "content_filter"]);
    expect(whole.output_text).not.toContain(DEMO_UNSAFE_WORD);
    const stream = await client.responses.create({ model: "demo-model", input: `${DEMO_BAD_ANSWER_MARKER}：介绍一下`, stream: true });
    const types: string[] = [];
    let text = "";
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === "response.output_text.done") text = event.text;
    }
    expect(types.at(-1)).toBe("response.incomplete");
    // What was streamed stays (a stream cannot take it back, as on chat completions); the notice follows it.
    expect(text).toMatch(/已停止生成并隐藏。$/);
  });

  it("refuses wrong types, what it cannot honour and unsafe input in OpenAI's shape", async () => {
    const number = await openAiFailure(client.responses.create({ model: "demo-model", input: 42 as never }));
    expect([number.status, number.type, number.param]).toEqual([400, "invalid_request_error", "input"]);
    const stream = await openAiFailure(client.responses.create({ model: "demo-model", input: "你好", stream: "yes" as never }));
    expect([stream.status, stream.param]).toEqual([400, "stream"]);
    const previous = await openAiFailure(client.responses.create({ model: "demo-model", input: "你好", previous_response_id: "resp_123" }));
    expect([previous.status, previous.param]).toEqual([400, "previous_response_id"]);
    const image = await openAiFailure(client.responses.create({ model: "demo-model", input: [{ role: "user", content: [{ type: "input_image", image_url: "https://example.com/a.png", detail: "auto" }] }] }));
    expect([image.status, image.type]).toEqual([400, "invalid_request_error"]);
    const unsafe = await openAiFailure(client.responses.create({ model: "demo-model", input: `说说${DEMO_UNSAFE_WORD}` }));
    expect([unsafe.status, unsafe.code]).toEqual([400, "content_filter"]);
    const unknown = await openAiFailure(client.responses.create({ model: "no-such-app", input: "你好" }));
    expect([unknown.status, unknown.code]).toEqual([404, "model_not_found"]);
  });
});

describe("the docs' curl examples (content/docs/api/openai.mdx)", () => {
  let server: Server;
  beforeAll(async () => {
    // A plain HTTP front for the route handlers, so `curl` runs against them exactly as written.
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", async () => {
        const headers = Object.entries(req.headers).flatMap(([name, value]) => (typeof value === "string" ? [[name, value] as [string, string]] : []));
        const response = await api.routeFetch(`http://localhost:3000${req.url}`, { method: req.method, headers, body: chunks.length > 0 ? Buffer.concat(chunks) : undefined });
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("every curl example answers 200 with OpenAI's objects", async () => {
    const docs = readFileSync("content/docs/api/openai.mdx", "utf8");
    const examples = [...docs.matchAll(/```bash\n(curl [\s\S]*?)```/g)].map((match) => match[1]!);
    expect(examples.length).toBeGreaterThanOrEqual(6);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const objects: unknown[] = [];
    for (const example of examples) {
      const command = `${example.replaceAll("http://localhost:3000", base).trim()} --silent --show-error --fail-with-body`;
      const { stdout } = await promisify(execFile)("bash", ["-c", command], { env: { ...process.env, SPARK_API_KEY: secret } });
      objects.push(JSON.parse(stdout));
    }
    expect(objects.map((object) => (object as { object: string }).object)).toEqual(expect.arrayContaining(["chat.completion", "list", "response"]));
    const toolCall = objects.find((object) => JSON.stringify(object).includes('"finish_reason":"tool_calls"'));
    expect(toolCall).toBeDefined();
    expect(JSON.stringify(objects)).toContain("根据工具返回的结果");
    expect(JSON.stringify(objects)).toContain("一张来自 example.com 的图片");
  });
});
