import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UUID_NIL } from "@/lib/message-thread";
import { DEMO_CHAT_KEY } from "./index";
import { startDemoServer, type DemoServerHarness } from "./testing";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions on open JSON

let demo: DemoServerHarness;
beforeAll(async () => {
  demo = await startDemoServer({ paceMs: 0 });
});
afterAll(() => demo.close());

async function chat(user: string, query: string, extra: Json = {}): Promise<Json> {
  const response = await demo.call(DEMO_CHAT_KEY, "POST", "/chat-messages", { query, inputs: {}, user, response_mode: "blocking", ...extra });
  expect(response.status).toBe(200);
  return (await response.json()) as Json;
}

async function messages(user: string, conversationId: string, query = ""): Promise<Json> {
  const response = await demo.call(DEMO_CHAT_KEY, "GET", `/messages?user=${user}&conversation_id=${conversationId}${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Json;
}

describe("demo Dify threads (parent_message_id)", () => {
  it("links each message to its parent and reads the history of its thread only", async () => {
    const first = await chat("t1", "第一个问题");
    const conversation_id = first.conversation_id as string;
    const second = await chat("t1", "第二个问题", { conversation_id });
    // Regenerate the first answer: a new root, answered with no history, as the first one was.
    const again = await chat("t1", "第一个问题", { conversation_id, parent_message_id: null });
    expect(again.metadata.usage.prompt_tokens).toBe(first.metadata.usage.prompt_tokens);
    // Regenerate the second answer: its history is the first turn only, the same as the second's.
    const secondAgain = await chat("t1", "第二个问题", { conversation_id, parent_message_id: first.id });
    expect(secondAgain.metadata.usage.prompt_tokens).toBe(second.metadata.usage.prompt_tokens);
    // Omitted: after the newest message, so its history has two turns (first, secondAgain).
    const third = await chat("t1", "第二个问题", { conversation_id });
    expect(third.metadata.usage.prompt_tokens).toBeGreaterThan(second.metadata.usage.prompt_tokens);

    const page = await messages("t1", conversation_id);
    expect(page.data.map((message: Json) => [message.id, message.parent_message_id])).toEqual([
      [first.id, null],
      [second.id, first.id],
      [again.id, null],
      [secondAgain.id, first.id],
      [third.id, secondAgain.id],
    ]);
  });

  it("refuses a parent of another user (404) or of another conversation (400)", async () => {
    const mine = await chat("t2", "我的问题");
    const other = await chat("t2", "另一个对话");
    const theirs = await chat("t2-other", "别人的问题");
    const post = (body: Json) => demo.call(DEMO_CHAT_KEY, "POST", "/chat-messages", { query: "追问", inputs: {}, user: "t2", response_mode: "blocking", ...body });

    const foreign = await post({ conversation_id: mine.conversation_id, parent_message_id: theirs.id });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: "not_found", message: "Message Not Exists." });
    expect((await post({ conversation_id: mine.conversation_id, parent_message_id: "not-a-uuid" })).status).toBe(404);
    const elsewhere = await post({ conversation_id: mine.conversation_id, parent_message_id: other.id });
    expect(elsewhere.status).toBe(400);
    expect((await post({ parent_message_id: mine.id })).status).toBe(400);
    expect((await post({ conversation_id: mine.conversation_id, parent_message_id: 42 })).status).toBe(400);
    // Nothing was stored by the refused calls.
    expect((await messages("t2", mine.conversation_id as string)).data).toHaveLength(1);
  });

  it("pages every branch by time and keeps the parents across pages", async () => {
    const first = await chat("t3", "问题 0");
    const conversation_id = first.conversation_id as string;
    const ids = [first.id as string];
    for (let index = 1; index < 5; index += 1) {
      // Every other message is a sibling of the first answer's child.
      const parent = index % 2 === 0 ? ids[1] : ids.at(-1);
      ids.push((await chat("t3", `问题 ${index}`, { conversation_id, parent_message_id: index === 1 ? first.id : parent })).id as string);
    }
    const newest = await messages("t3", conversation_id, "&limit=3");
    expect(newest.has_more).toBe(true);
    expect(newest.data.map((message: Json) => message.id)).toEqual(ids.slice(2));
    const older = await messages("t3", conversation_id, `&limit=3&first_id=${newest.data[0].id}`);
    expect(older.has_more).toBe(false);
    expect(older.data.map((message: Json) => [message.id, message.parent_message_id])).toEqual([
      [ids[0], null],
      [ids[1], ids[0]],
    ]);
  });

  it("reads legacy rows (UUID_NIL) as following the previous message in time", async () => {
    const first = await chat("t4", "旧问题一");
    const conversation_id = first.conversation_id as string;
    const second = await chat("t4", "旧问题二", { conversation_id });
    await demo.db.execute(sql`UPDATE dify_demo.messages SET parent_message_id = ${UUID_NIL} WHERE conversation_id = ${conversation_id}`);
    const linear = await chat("t4", "旧问题二", { conversation_id, parent_message_id: first.id });
    expect(linear.metadata.usage.prompt_tokens).toBe(second.metadata.usage.prompt_tokens);
    const after = await chat("t4", "新问题", { conversation_id, parent_message_id: second.id });
    const withTwo = await chat("t4", "新问题", { conversation_id, parent_message_id: linear.id });
    expect(after.metadata.usage.prompt_tokens).toBe(withTwo.metadata.usage.prompt_tokens);
    expect((await messages("t4", conversation_id)).data[1].parent_message_id).toBe(UUID_NIL);
  });

  it("keeps a dislike's reason with the rating", async () => {
    const answer = await chat("t5", "评价我");
    const rate = (body: Json) => demo.call(DEMO_CHAT_KEY, "POST", `/messages/${answer.id}/feedbacks`, { user: "t5", ...body });
    expect((await rate({ rating: "dislike", content: "  答非所问  " })).status).toBe(200);
    expect((await messages("t5", answer.conversation_id as string)).data[0].feedback).toEqual({ rating: "dislike", content: "答非所问" });
    await rate({ rating: null });
    expect((await messages("t5", answer.conversation_id as string)).data[0].feedback).toBeNull();
  });
});
