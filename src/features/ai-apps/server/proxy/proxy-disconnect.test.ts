import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/open";
import type { DatabaseHandle } from "@/lib/db/types";
import type { AiAppKind } from "../../types";
import { seedAppRegistry } from "../registry";
import { createDifyProxy, type DifyProxy } from "./handler";
import { serveProxy } from "./testing";

interface StopCall {
  url: string;
  body: unknown;
}

/**
 * A fake Dify whose streams run until their stop endpoint is called, as Dify's do (a plain abort
 * does not stop generation). The test names each task in `inputs.task`; with `inputs.hold` the
 * first event ("all": the headers too) waits until the test calls `release(task)`.
 */
function stoppableUpstream() {
  const stops = new Map<string, StopCall>();
  const arrived = new Map<string, () => void>();
  const arrivals = new Map<string, Promise<void>>();
  const closed = new Map<string, Promise<void>>();
  const releases = new Map<string, () => void>();
  const enders = new Map<string, () => void>();
  const waitFor = (task: string) => {
    if (!arrivals.has(task)) arrivals.set(task, new Promise((resolve) => arrived.set(task, resolve)));
    return arrivals.get(task)!;
  };
  const frame = (event: object) => `data: ${JSON.stringify(event)}\n\n`;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as { inputs?: { task?: string; hold?: string }; user?: string };
      const url = req.url ?? "";
      const stop = /\/(?:chat-messages|completion-messages|workflows\/tasks)\/([^/]+)\/stop$/.exec(url);
      if (stop) {
        stops.set(stop[1]!, { url, body });
        enders.get(stop[1]!)?.();
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ result: "success" }));
        return;
      }
      const task = body.inputs?.task ?? randomUUID();
      const workflow = url.endsWith("/workflows/run");
      const ids = workflow ? { task_id: task, workflow_run_id: randomUUID() } : { task_id: task, message_id: randomUUID(), conversation_id: randomUUID() };
      closed.set(task, new Promise((resolve) => res.on("close", () => resolve())));
      const headers = () => res.writeHead(200, { "Content-Type": "text/event-stream" });
      const start = () => {
        if (!res.headersSent) headers();
        res.write(frame(workflow ? { event: "workflow_started", ...ids, data: { id: ids.workflow_run_id } } : { event: "message", answer: "开始", ...ids }));
        const ticker = setInterval(() => res.write(frame(workflow ? { event: "text_chunk", ...ids, data: { text: "……" } } : { event: "message", answer: "……", ...ids })), 20);
        enders.set(task, () => {
          clearInterval(ticker);
          const usage = { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 };
          res.end(workflow ? frame({ event: "workflow_finished", ...ids, data: { id: ids.workflow_run_id, status: "stopped", total_tokens: 7 } }) : frame({ event: "message_end", ...ids, metadata: { usage } }));
        });
        res.on("close", () => clearInterval(ticker));
      };
      if (body.inputs?.hold === "first-event") {
        headers();
        res.write("event: ping\n\n");
      }
      if (body.inputs?.hold) releases.set(task, start);
      else start();
      void waitFor(task);
      arrived.get(task)!();
    });
  });

  return {
    stops,
    arrived: waitFor,
    closed: (task: string) => closed.get(task)!,
    release: (task: string) => releases.get(task)!(),
    listen: () =>
      new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`))),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

let handle: DatabaseHandle;
let proxy: DifyProxy;
let server: Awaited<ReturnType<typeof serveProxy>>;
const upstream = stoppableUpstream();
const user = randomUUID();
/** Browser requests the proxy has seen go away, by task. */
const departures = new Map<string, () => void>();

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite" });
  const url = await upstream.listen();
  const app = (kind: AiAppKind) => ({ appid: `stop-${kind}`, kind, name: kind, description: "", icon: "🧪", upstreamBaseUrl: url, upstreamSecretKey: "key", enabled: true });
  await seedAppRegistry(handle.db, [app("chat"), app("completion"), app("workflow")]);
  proxy = createDifyProxy({ database: async () => handle.db, timeouts: { drainMs: 3000 } });
  server = await serveProxy(proxy, {
    onClientGone: (request) => departures.get(request.headers.get("x-test-task") ?? "")?.(),
  });
});
afterAll(async () => {
  await server.close();
  await proxy.idle();
  await upstream.close();
  await handle.close();
});

const PATHS: Record<AiAppKind, { path: string; stop: (task: string) => string; body: object }> = {
  chat: { path: "chat-messages", stop: (task) => `/v1/chat-messages/${task}/stop`, body: { query: "很长的回答" } },
  completion: { path: "completion-messages", stop: (task) => `/v1/completion-messages/${task}/stop`, body: {} },
  workflow: { path: "workflow/run", stop: (task) => `/v1/workflows/tasks/${task}/stop`, body: {} },
};

function start(kind: AiAppKind, task: string, signal: AbortSignal, hold?: "first-event" | "all") {
  const gone = new Promise<void>((resolve) => departures.set(task, resolve));
  const response = fetch(`${server.baseUrl}/${PATHS[kind].path}?appid=stop-${kind}`, {
    method: "POST",
    headers: { "x-test-user": user, "x-test-task": task, "Content-Type": "application/json" },
    body: JSON.stringify({ ...PATHS[kind].body, inputs: { task, hold }, response_mode: "streaming", user: "someone-else" }),
    signal,
  });
  response.catch(() => undefined); // aborted on purpose
  return { response, gone };
}

describe("Dify proxy when the browser disconnects", () => {
  it.each(["chat", "completion", "workflow"] as const)("stops a %s task at once when the browser leaves mid-answer", async (kind) => {
    const task = randomUUID();
    const browser = new AbortController();
    const { response } = start(kind, task, browser.signal);
    const reader = (await response).body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain(task);
    browser.abort();
    await upstream.closed(task);
    await proxy.idle();
    expect(upstream.stops.get(task)).toEqual({ url: PATHS[kind].stop(task), body: { user } });
  });

  it.each(["all", "first-event"] as const)("stops the task once its id arrives when the browser left before it (held: %s)", async (hold) => {
    const task = randomUUID();
    const browser = new AbortController();
    const { response, gone } = start("chat", task, browser.signal, hold);
    await upstream.arrived(task);
    if (hold === "first-event") await response; // headers and a ping, but no event with a task id yet
    browser.abort();
    await gone; // the proxy has seen the browser go
    expect(upstream.stops.has(task)).toBe(false);
    upstream.release(task);
    // The upstream call ends either way: after the stop (fixed) or when the drain period runs out.
    await upstream.closed(task);
    await proxy.idle();
    expect(upstream.stops.get(task)).toEqual({ url: PATHS.chat.stop(task), body: { user } });
  });
});
