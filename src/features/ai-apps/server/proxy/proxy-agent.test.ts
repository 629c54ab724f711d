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

function call(user: string, method: string, path: string, options: { appid: string; body?: unknown; query?: string }) {
  return fetch(`${demo.baseUrl}/${path}?appid=${options.appid}${options.query ? `&${options.query}` : ""}`, {
    method,
    headers: { "x-test-user": user, ...(options.body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}
const json = async (response: Response) => (await response.json()) as SseEvent;

describe("Dify proxy and the demo agent", () => {
  it("relays agent_thought and agent_message events untouched, as the signed-in user, and records usage once", async () => {
    const response = await call(alice, "POST", "chat-messages", { appid: "demo-agent", body: { query: "一年有多少个小时？", inputs: {}, response_mode: "streaming", user: "spoofed" } });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const { events } = parseSse(await response.text());
    const thoughts = events.filter((event) => event.event === "agent_thought");
    expect(thoughts.map((event) => [event.position, event.tool])).toEqual([
      [1, "web_search"],
      [1, "web_search"],
      [2, "calculator"],
      [2, "calculator"],
      [3, ""],
    ]);
    expect(JSON.parse(thoughts[3]!.observation as string)).toEqual({ calculator: "365 * 24 = 8760" });
    expect(events.some((event) => event.event === "agent_message")).toBe(true);
    const end = events.at(-1)!;
    expect(end.event).toBe("message_end");
    await demo.proxy.idle();
    const rows = await demo.db.select().from(aiUsageEvents).where(eq(aiUsageEvents.messageId, end.message_id as string));
    expect(rows).toMatchObject([{ appid: "demo-agent", userId: alice, totalTokens: end.metadata.usage.total_tokens }]);

    // The spoofed `user` was replaced: alice's history has the steps, bob gets 404.
    const history = await json(await call(alice, "GET", "messages", { appid: "demo-agent", query: `conversation_id=${end.conversation_id}&user=spoofed` }));
    expect(history.data[0].agent_thoughts.map((thought: SseEvent) => thought.tool)).toEqual(["web_search", "calculator", ""]);
    expect((await call(bob, "GET", "messages", { appid: "demo-agent", query: `conversation_id=${end.conversation_id}&user=${alice}` })).status).toBe(404);
    expect((await call("spoofed", "GET", "messages", { appid: "demo-agent", query: `conversation_id=${end.conversation_id}` })).status).toBe(404);
  });

  it("relays citations in message_end and the history", async () => {
    const response = await call(alice, "POST", "chat-messages", { appid: "demo-chat", body: { query: "介绍一下思维火花", inputs: {}, response_mode: "streaming" } });
    const end = parseSse(await response.text()).events.at(-1)!;
    expect(end.metadata.retriever_resources.map((resource: SseEvent) => resource.document_name)).toEqual(["产品介绍.md", "常见问题.md", "开发者指南.md"]);
    const history = await json(await call(alice, "GET", "messages", { appid: "demo-chat", query: `conversation_id=${end.conversation_id}` }));
    expect(history.data[0].retriever_resources).toEqual(end.metadata.retriever_resources);
  });
});
