import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiUsageEvents } from "@/lib/db/schema/ai-usage";
import { parseSse, startDemoProxy, type DemoProxyHarness, type SseEvent } from "./testing";

let demo: DemoProxyHarness;
const alice = randomUUID();
const bob = randomUUID();

beforeAll(async () => {
  demo = await startDemoProxy();
});
afterAll(() => demo.close());

function call(user: string, method: string, path: string, query = "") {
  return (body?: unknown) =>
    fetch(`${demo.baseUrl}/${path}?appid=demo-chatflow${query ? `&${query}` : ""}`, {
      method,
      headers: { "x-test-user": user, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

describe("Dify proxy and the demo chatflow", () => {
  it("relays workflow and node events untouched, as the signed-in user, and records the message's usage once", async () => {
    const response = await call(alice, "POST", "chat-messages")({ query: "思维火花能做什么？", inputs: {}, response_mode: "streaming", user: "spoofed" });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const { events } = parseSse(await response.text());
    expect(events[0]).toMatchObject({ event: "workflow_started", data: { inputs: { "sys.user_id": alice } } });
    expect(events.filter((event) => event.event === "node_finished").map((event) => [event.data.title, event.data.status])).toEqual([
      ["开始", "succeeded"],
      ["知识检索", "succeeded"],
      ["大模型", "succeeded"],
      ["直接回复", "succeeded"],
    ]);
    expect(events.map((event) => event.event).slice(-2)).toEqual(["workflow_finished", "message_end"]);
    const end = events.at(-1)!;
    expect(end.metadata.retriever_resources).toHaveLength(3);
    await demo.proxy.idle();
    const rows = await demo.db.select().from(aiUsageEvents).where(eq(aiUsageEvents.messageId, end.message_id as string));
    expect(rows).toMatchObject([{ appid: "demo-chatflow", userId: alice, totalTokens: end.metadata.usage.total_tokens }]);

    // The spoofed `user` was replaced: alice's history has the text and citations, the others get 404.
    const history = (await (await call(alice, "GET", "messages", `conversation_id=${end.conversation_id}&user=spoofed`)()).json()) as SseEvent;
    expect(history.data[0].retriever_resources).toEqual(end.metadata.retriever_resources);
    expect((await call(bob, "GET", "messages", `conversation_id=${end.conversation_id}&user=${alice}`)()).status).toBe(404);
    expect((await call("spoofed", "GET", "messages", `conversation_id=${end.conversation_id}`)()).status).toBe(404);
    const suggested = (await (await call(alice, "GET", `messages/${end.message_id}/suggested`)()).json()) as SseEvent;
    expect(suggested.data.length).toBeGreaterThan(0);
  });
});
