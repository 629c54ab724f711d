import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDifyProxy, loadConfiguredApps, seedAppRegistry, type DifyProxy } from "@/features/ai-apps/server";
import { openDatabase } from "@/lib/db/open";
import type { DatabaseHandle } from "@/lib/db/types";
import { difyProxyUrl } from "@/features/ai-apps";
import { streamDify } from "./sse-client";
import type { DifyStreamEvent } from "./types";

// The pages' request shapes, sent through the real proxy to the embedded demo apps.
let handle: DatabaseHandle;
let proxy: DifyProxy;
const user = randomUUID();

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite" });
  await seedAppRegistry(handle.db, loadConfiguredApps());
  proxy = createDifyProxy({ database: async () => handle.db, demoPaceMs: 1 });
});
afterAll(async () => {
  await proxy.idle();
  await handle.close();
});

/** What the browser's fetch does, minus the network: the route handler gets the request and the session's user. */
const browserFetch: typeof fetch = async (input, init) => {
  const url = new URL(String(input), "http://app.test");
  const path = url.pathname.replace(/^\/api\/ai\/dify\//, "").split("/").map(decodeURIComponent);
  return proxy.handle(new Request(url, init), { path, userId: user });
};

async function collect(path: string, appid: string, body: unknown) {
  const events: DifyStreamEvent[] = [];
  const outcome = await streamDify(difyProxyUrl(path, appid), body, { fetchImpl: browserFetch, onEvent: (event) => events.push(event) });
  return { outcome, events };
}

describe("the pages' calls through the proxy", () => {
  it("chat: a new conversation streams markdown and ends with message_end", async () => {
    const { outcome, events } = await collect("chat-messages", "demo-chat", { query: "你好", inputs: { tone: "详细" }, response_mode: "streaming", conversation_id: "" });
    expect(outcome).toBe("closed");
    const answer = events.filter((event) => event.event === "message").map((event) => event.answer).join("");
    expect(answer).toContain("| 项目 | 说明 | 数值 |");
    const end = events.at(-1)!;
    expect(end.event).toBe("message_end");
    expect(typeof end.conversation_id).toBe("string");

    // A follow-up in the same conversation, then its history page (oldest → newest).
    await collect("chat-messages", "demo-chat", { query: "再说说", inputs: {}, response_mode: "streaming", conversation_id: end.conversation_id });
    const history = await browserFetch(difyProxyUrl("messages", "demo-chat", { conversation_id: String(end.conversation_id), limit: 20 }));
    const page = (await history.json()) as { data: { query: string }[] };
    expect(page.data.map((message) => message.query)).toEqual(["你好", "再说说"]);
  });

  it("chat: 停止 with the stream's task id ends the stream early with message_end", async () => {
    const slow = createDifyProxy({ database: async () => handle.db, demoPaceMs: 40 });
    const slowFetch: typeof fetch = async (input, init) => {
      const url = new URL(String(input), "http://app.test");
      return slow.handle(new Request(url, init), { path: url.pathname.replace(/^\/api\/ai\/dify\//, "").split("/"), userId: user });
    };
    const events: DifyStreamEvent[] = [];
    let stopped: Promise<Response> | undefined;
    await streamDify(difyProxyUrl("chat-messages", "demo-chat"), { query: "停下", inputs: {}, response_mode: "streaming", conversation_id: "" }, {
      fetchImpl: slowFetch,
      onEvent: (event) => {
        events.push(event);
        if (!stopped && typeof event.task_id === "string") {
          stopped = slowFetch(difyProxyUrl(`chat-messages/${event.task_id}/stop`, "demo-chat"), { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
        }
      },
    });
    expect((await stopped!).status).toBe(200);
    expect(events.at(-1)?.event).toBe("message_end");
    expect(events.filter((event) => event.event === "message").length).toBeLessThan(10);
    await slow.idle();
  });

  it("chat: an error event arrives in Chinese", async () => {
    const { events } = await collect("chat-messages", "demo-chat", { query: "坏了 #错误事件", inputs: {}, response_mode: "streaming", conversation_id: "" });
    expect(events.at(-1)).toMatchObject({ event: "error", message: "模型调用失败，请稍后重试" });
  });

  it("workflow: nodes, text chunks and outputs", async () => {
    const { events } = await collect("workflows/run", "demo-workflow", { inputs: { topic: "远程办公", audience: "学生", sections: 3 }, response_mode: "streaming" });
    const names = events.map((event) => event.event);
    expect(names[0]).toBe("workflow_started");
    expect(names.filter((name) => name === "node_finished")).toHaveLength(3);
    expect(names).toContain("text_chunk");
    expect(events.at(-1)).toMatchObject({ event: "workflow_finished", data: { status: "succeeded" } });
  });

  it("completion: streamed text", async () => {
    const { events } = await collect("completion-messages", "demo-completion", { inputs: { query: "开业文案", style: "轻松" }, response_mode: "streaming" });
    expect(events.some((event) => event.event === "message")).toBe(true);
    expect(events.at(-1)?.event).toBe("message_end");
  });

  it("upload: a PNG is accepted, an .exe is refused with a Chinese message", async () => {
    const png = new FormData();
    png.append("file", new File([new Uint8Array([137, 80, 78, 71])], "tiny.png", { type: "image/png" }));
    const ok = await browserFetch(difyProxyUrl("files/upload", "demo-chat"), { method: "POST", body: png });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ name: "tiny.png", extension: "png" });

    const exe = new FormData();
    exe.append("file", new File([new Uint8Array([77, 90])], "bad.exe", { type: "application/octet-stream" }));
    const refused = await browserFetch(difyProxyUrl("files/upload", "demo-chat"), { method: "POST", body: exe });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/[\u4e00-\u9fff]/);
  });
});
