import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/open";
import { aiUsageEvents } from "@/lib/db/schema/ai-usage";
import type { DatabaseHandle } from "@/lib/db/types";
import type { ConfiguredApp } from "../config";
import { seedAppRegistry } from "../registry";
import { createDifyProxy, type DifyProxy } from "./handler";
import { parseSse, serveProxy, type SseEvent } from "./testing";

/** A fake Dify whose behaviour is chosen by the app key. */
function fakeUpstream(): Promise<{ url: string; seen: SseEvent[]; close: () => Promise<void> }> {
  const seen: SseEvent[] = [];
  const frame = (event: object) => `data: ${JSON.stringify(event)}\n\n`;
  const sse = (res: ServerResponse) => res.writeHead(200, { "Content-Type": "text/event-stream" });
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const key = (req.headers.authorization ?? "").replace("Bearer ", "");
      const body = Buffer.concat(chunks).toString("utf8");
      seen.push({ key, method: req.method, url: req.url, contentType: req.headers["content-type"], body });
      const ids = { task_id: "task-1", message_id: randomUUID(), conversation_id: randomUUID() };
      switch (key) {
        case "echo":
          res.writeHead(200, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ result: "success" }));
          return;
        case "fail-500":
          res.writeHead(500, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ code: "internal_server_error", message: "boom", status: 500 }));
          return;
        case "fail-400":
          res.writeHead(400, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ code: "provider_not_initialize", message: "No valid model provider", status: 400 }));
          return;
        case "forbidden":
          res.writeHead(403, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ code: "forbidden", message: "The app is disabled", status: 403 }));
          return;
        case "hang":
          return; // never answers
        case "slow-body":
          res.writeHead(200, { "Content-Type": "application/json" });
          res.write('{"event":"message","answer":"');
          return; // the rest never comes
        case "stall":
          sse(res);
          res.write(frame({ event: "message", answer: "开头", ...ids }));
          return; // then silence, no pings
        case "pings":
          sse(res);
          res.write("event: ping\n\n");
          setTimeout(() => res.write("event: ping\n\n"), 100);
          setTimeout(() => res.end(frame({ event: "message", answer: "好", ...ids }) + frame({ event: "message_end", ...ids, metadata: { usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } } })), 200);
          return;
        case "drop":
          sse(res);
          res.write(frame({ event: "message", answer: "一", ...ids }) + frame({ event: "message", answer: "二", ...ids }) + 'data: {"event":"mess');
          setTimeout(() => res.socket?.destroy(), 50);
          return;
        case "malformed":
          sse(res);
          res.end(frame({ event: "message", answer: "一", ...ids }) + "data: {not json}\n\n");
          return;
        case "html":
          res.writeHead(200, { "Content-Type": "application/json" });
          res.end("<html>oops</html>");
          return;
        case "chatflow-workflow-first":
        case "chatflow-message-first": {
          sse(res);
          const runId = randomUUID();
          const workflowFinished = frame({ event: "workflow_finished", ...ids, workflow_run_id: runId, data: { id: runId, status: "succeeded", total_tokens: 99 } });
          const messageEnd = frame({ event: "message_end", ...ids, metadata: { usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 } } });
          res.write(frame({ event: "message", answer: "答", ...ids }));
          res.end(key === "chatflow-workflow-first" ? workflowFinished + messageEnd : messageEnd + workflowFinished);
          return;
        }
        case "workflow": {
          sse(res);
          const runId = randomUUID();
          const base = { task_id: "wf-task", workflow_run_id: runId };
          res.end(
            frame({ event: "workflow_started", ...base, data: { id: runId } }) +
              frame({ event: "workflow_finished", ...base, data: { id: runId, status: "succeeded", total_tokens: 77, outputs: { text: "ok" } } }),
          );
          return;
        }
        default:
          res.writeHead(401, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ code: "unauthorized", message: "Access token is invalid", status: 401 }));
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/v1`,
        seen,
        close: () => new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
      });
    });
  });
}

let handle: DatabaseHandle;
let proxy: DifyProxy;
let server: Awaited<ReturnType<typeof serveProxy>>;
let upstream: Awaited<ReturnType<typeof fakeUpstream>>;
const user = randomUUID();

const app = (appid: string, key: string, kind: ConfiguredApp["kind"] = "chat", baseUrl?: string): ConfiguredApp => ({
  appid,
  kind,
  name: appid,
  description: "",
  icon: "🧪",
  upstreamBaseUrl: baseUrl ?? upstream.url,
  upstreamSecretKey: key,
  enabled: true,
});

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite" });
  upstream = await fakeUpstream();
  const keys = ["echo", "fail-500", "fail-400", "forbidden", "bad-key", "hang", "slow-body", "stall", "pings", "drop", "malformed", "html", "chatflow-workflow-first", "chatflow-message-first"];
  await seedAppRegistry(handle.db, [...keys.map((key) => app(key, key)), app("workflow", "workflow", "workflow"), app("refused", "x", "chat", "http://127.0.0.1:1/v1")]);
  proxy = createDifyProxy({ database: async () => handle.db, timeouts: { headersMs: 1000, blockingMs: 1500, idleMs: 1000 } });
  server = await serveProxy(proxy);
});
afterAll(async () => {
  await server.close();
  await upstream.close();
  await proxy.idle();
  await handle.close();
});

const post = (appid: string, path: string, body: unknown, method = "POST") =>
  fetch(`${server.baseUrl}/${path}?appid=${appid}`, { method, headers: { "x-test-user": user, "Content-Type": "application/json", Authorization: "Bearer client-key" }, body: JSON.stringify(body) });
const stream = (appid: string) => post(appid, "chat-messages", { query: "你好", inputs: {}, response_mode: "streaming" });
const lastSeen = (key: string) => upstream.seen.filter((entry) => entry.key === key).at(-1)!;

describe("Dify proxy against a misbehaving upstream", () => {
  it("sends the app key and the session user, never the client's, everywhere Dify reads `user`", async () => {
    await post("echo", "chat-messages", { query: "q", inputs: {}, user: "evil" });
    expect(JSON.parse(lastSeen("echo").body as string)).toMatchObject({ query: "q", user });
    await fetch(`${server.baseUrl}/conversations?appid=echo&user=evil&limit=5&foo=bar`, { headers: { "x-test-user": user } });
    expect(lastSeen("echo").url).toBe(`/v1/conversations?limit=5&user=${user}`);
    await post("echo", "conversations/abc-1/name", { name: "新名", user: "evil" }, "PUT");
    expect(lastSeen("echo")).toMatchObject({ method: "POST", url: "/v1/conversations/abc-1/name" });
    expect(JSON.parse(lastSeen("echo").body as string)).toEqual({ name: "新名", user });
    await fetch(`${server.baseUrl}/conversations/abc-1?appid=echo`, { method: "DELETE", headers: { "x-test-user": user } });
    expect(lastSeen("echo")).toMatchObject({ method: "DELETE", url: "/v1/conversations/abc-1", body: JSON.stringify({ user }) });
    await post("echo", "message-feedbacks", { message_id: "m-1", rating: "like", user: "evil" });
    expect(lastSeen("echo")).toMatchObject({ url: "/v1/messages/m-1/feedbacks", body: JSON.stringify({ rating: "like", user }) });
    // Paths cannot smuggle traversal or foreign endpoints.
    expect((await fetch(`${server.baseUrl}/conversations/..%2F..%2Fapps?appid=echo`, { method: "DELETE", headers: { "x-test-user": user } })).status).toBe(404);
  });

  it("maps upstream HTTP errors, refusals and timeouts to Chinese JSON errors", async () => {
    expect(await (await post("fail-500", "chat-messages", { query: "q", inputs: {} })).json()).toMatchObject({ statusCode: 502, message: "AI 服务暂时不可用，请稍后重试" });
    expect(await (await post("fail-400", "chat-messages", { query: "q", inputs: {} })).json()).toMatchObject({ statusCode: 400, code: "provider_not_initialize" });
    expect(await (await post("refused", "chat-messages", { query: "q", inputs: {} })).json()).toEqual({ statusCode: 502, message: "无法连接 AI 服务，请稍后重试" });
    expect(await (await stream("hang")).json()).toEqual({ statusCode: 504, message: "AI 服务响应超时，请稍后重试" });
    expect(await (await post("html", "chat-messages", { query: "q", inputs: {} })).json()).toMatchObject({ statusCode: 502, message: "AI 服务返回了无法识别的数据，请稍后重试" });
  });

  it("reports a rejected app key (upstream 401/403) as the app's fault, never as the caller's 401", async () => {
    for (const appid of ["bad-key", "forbidden"]) {
      for (const response of [await post(appid, "chat-messages", { query: "q", inputs: {} }), await stream(appid)]) {
        expect(response.status).toBe(502);
        expect(await response.json()).toMatchObject({ statusCode: 502, message: "AI 应用配置有误（密钥无效或应用已停用），请联系管理员" });
      }
    }
  });

  it("times out a blocking call that never finishes, headers or body", async () => {
    for (const appid of ["hang", "slow-body"]) {
      const response = await post(appid, "chat-messages", { query: "q", inputs: {}, response_mode: "blocking" });
      expect(response.status).toBe(504);
      expect(await response.json()).toEqual({ statusCode: 504, message: "AI 服务响应超时，请稍后重试" });
    }
  });

  it("ends a stalled stream with a final error event", async () => {
    const { events } = parseSse(await (await stream("stall")).text());
    expect(events.map((event) => event.event)).toEqual(["message", "error"]);
    expect(events[1]).toMatchObject({ code: "upstream_timeout", status: 504 });
  });

  it("passes pings through idle gaps", async () => {
    const { events, pings } = parseSse(await (await stream("pings")).text());
    expect(pings).toBe(2);
    expect(events.at(-1)).toMatchObject({ event: "message_end" });
  });

  it("never forwards half a frame when the connection drops mid-stream", async () => {
    const raw = await (await stream("drop")).text();
    expect(raw).not.toContain('{"event":"mess"');
    const { events } = parseSse(raw);
    expect(events.map((event) => event.event)).toEqual(["message", "message", "error"]);
    expect(events[2]).toMatchObject({ code: "upstream_disconnected", message: "AI 服务连接中断，回答不完整，请重试" });
  });

  it("turns malformed SSE into a final error event", async () => {
    const { events } = parseSse(await (await stream("malformed")).text());
    expect(events.map((event) => event.event)).toEqual(["message", "error"]);
    expect(events[1]).toMatchObject({ code: "invalid_stream" });
  });

  it("records usage once whichever of workflow_finished and message_end comes first", async () => {
    for (const appid of ["chatflow-workflow-first", "chatflow-message-first"]) {
      const { events } = parseSse(await (await stream(appid)).text());
      await proxy.idle();
      const rows = await handle.db.select().from(aiUsageEvents).where(eq(aiUsageEvents.messageId, events[0]!.message_id as string));
      expect(rows).toMatchObject([{ appid, totalTokens: 30, promptTokens: 10, completionTokens: 20 }]);
      expect(rows[0]!.workflowRunId).toBeTruthy();
    }
  });

  it("records workflow runs from workflow_finished.data.total_tokens", async () => {
    const { events } = parseSse(await (await post("workflow", "workflow/run", { inputs: {}, response_mode: "streaming" })).text());
    await proxy.idle();
    const runId = events[0]!.workflow_run_id as string;
    const rows = await handle.db.select().from(aiUsageEvents).where(eq(aiUsageEvents.workflowRunId, runId));
    expect(rows).toMatchObject([{ kind: "workflow", totalTokens: 77, messageId: null }]);
  });
});
