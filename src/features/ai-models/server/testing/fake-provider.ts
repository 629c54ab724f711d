import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local fake of an OpenAI-compatible provider for contract tests. The requested `model` picks the
 * behaviour, so one server plays every case: a normal stream with or without the usage chunk,
 * `reasoning_content` or a `<think>` block, 401, 429 with retry-after, 400 context length, a hang,
 * a stream cut midway, a malformed chunk. Under `/healthy/v1` every model answers. It records every
 * request it got.
 */
export interface FakeProvider {
  baseUrl: string;
  requests: { model: string; body: Record<string, unknown>; authorization: string | undefined }[];
  close(): Promise<void>;
}

const chunk = (model: string, delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", created: 1, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const usage = (model: string, prompt: number, completion: number) =>
  `data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", created: 1, model, choices: [], usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion } })}\n\n`;

function errorJson(response: ServerResponse, status: number, body: object, headers: Record<string, string> = {}) {
  response.writeHead(status, { "Content-Type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = "";
  for await (const part of request) text += part;
  return JSON.parse(text) as Record<string, unknown>;
}

export async function startFakeProvider(): Promise<FakeProvider> {
  const requests: FakeProvider["requests"] = [];
  const sockets = new Set<import("node:net").Socket>();
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const model = String(body.model);
    requests.push({ model, body, authorization: request.headers.authorization });
    if (request.headers.authorization !== "Bearer sk-good") {
      return errorJson(response, 401, { error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } });
    }
    const stream = () => response.writeHead(200, { "Content-Type": "text/event-stream" });
    // Under /healthy/ every model answers normally: the fallback provider of the tests.
    switch (request.url?.startsWith("/healthy/") ? "healthy" : model) {
      case "rate-limited":
        return errorJson(response, 429, { error: { message: "Rate limit reached", type: "requests", code: "rate_limit_exceeded" } }, { "retry-after": "7" });
      case "overloaded":
        return errorJson(response, 503, { error: { message: "Service unavailable", type: "server_error" } });
      case "too-long":
        return errorJson(response, 400, { error: { message: "This model's maximum context length is 8192 tokens.", type: "invalid_request_error", code: "context_length_exceeded" } });
      case "hang":
        return; // never answers
      case "silent-after-start":
        stream();
        response.write(chunk(model, { role: "assistant", content: "开始" }));
        return; // then nothing
      case "cut":
        stream();
        response.write(chunk(model, { role: "assistant", content: "前半段" }));
        setTimeout(() => response.socket?.destroy(), 20);
        return;
      case "malformed":
        stream();
        response.write(chunk(model, { role: "assistant", content: "好的" }));
        response.write("data: {not json\n\n");
        return response.end();
      case "think-tags":
        stream();
        for (const part of ["<thi", "nk>先想", "一想</th", "ink>\n\n答案", "是 42"]) response.write(chunk(model, { content: part }));
        response.write(chunk(model, {}, "stop"));
        response.write(usage(model, 10, 8));
        response.write("data: [DONE]\n\n");
        return response.end();
      case "no-usage":
        stream();
        response.write(chunk(model, { role: "assistant", content: "没有用量的回答" }));
        response.write(chunk(model, {}, "stop"));
        response.write("data: [DONE]\n\n");
        return response.end();
      default: {
        stream();
        response.write(chunk(model, { role: "assistant", reasoning_content: "想一下。" }));
        response.write(chunk(model, { content: `来自 ${request.headers["x-tenant"] ?? "fake"} 的回答` }));
        response.write(chunk(model, {}, "stop"));
        response.write(usage(model, 12, 7));
        response.write("data: [DONE]\n\n");
        return response.end();
      }
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
