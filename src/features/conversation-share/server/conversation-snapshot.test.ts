import { describe, expect, it } from "vitest";
import type { HistoryMessage, MessagePage, UserDifyReader } from "@/features/ai-chat/server";
import { ApiRouteError } from "@/lib/api";
import { MAX_SHARED_MESSAGES, readConversationSnapshot, readConversationTitle } from "./conversation-snapshot";

/** A reader over `count` messages of one conversation, paged as Dify pages them (oldest → newest, `first_id`). */
function fakeReader(count: number, answer = (index: number) => `回答 ${index}`): { read: UserDifyReader; calls: number } {
  const messages: HistoryMessage[] = Array.from({ length: count }, (_, index) => ({
    id: `m${index}`,
    query: `问题 ${index}`,
    answer: answer(index),
    created_at: 1_700_000_000 + index,
    message_files: [{ id: "f", url: "https://files.example/secret?sig=1", belongs_to: "user" }],
  }));
  const state = { calls: 0 };
  const read = (async (path: string, query: Record<string, string | number | undefined> = {}) => {
    state.calls += 1;
    if (path !== "messages") throw new Error(path);
    const end = query.first_id === undefined ? messages.length : messages.findIndex((message) => message.id === query.first_id);
    const limit = Number(query.limit);
    const start = Math.max(0, end - limit);
    return { data: messages.slice(start, end), has_more: start > 0, limit } satisfies MessagePage;
  }) as UserDifyReader;
  return { read, get calls() { return state.calls; } };
}

describe("readConversationSnapshot", () => {
  it("reads every page, oldest first, and keeps only the question, the answer text and the time", async () => {
    const { read } = fakeReader(150);
    const snapshot = await readConversationSnapshot(read, "c1");
    expect(snapshot).toHaveLength(150);
    expect(snapshot[0]).toEqual({ query: "问题 0", answer: "回答 0", created_at: 1_700_000_000 });
    expect(snapshot.at(-1)!.query).toBe("问题 149");
    expect(JSON.stringify(snapshot)).not.toContain("files.example");
  });

  it("keeps the thread the chat page shows: a regenerated answer replaces its older sibling", async () => {
    const messages: HistoryMessage[] = [
      { id: "a", parent_message_id: null, query: "问题一", answer: "回答一", created_at: 1 },
      { id: "b", parent_message_id: "a", query: "问题二", answer: "旧回答", created_at: 2 },
      { id: "c", parent_message_id: "a", query: "问题二", answer: "重新生成的回答", created_at: 3 },
    ];
    const read = (async () => ({ data: messages, has_more: false, limit: 100 }) satisfies MessagePage) as UserDifyReader;
    expect((await readConversationSnapshot(read, "c1")).map((message) => message.answer)).toEqual(["回答一", "重新生成的回答"]);
  });

  it(`refuses a conversation of more than ${MAX_SHARED_MESSAGES} messages with 413, without reading it all`, async () => {
    const reader = fakeReader(1000);
    const error = await readConversationSnapshot(reader.read, "c1").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRouteError);
    expect(error).toMatchObject({ statusCode: 413, message: expect.stringContaining("200") });
    expect(reader.calls).toBe(3);
    expect((await readConversationSnapshot(fakeReader(MAX_SHARED_MESSAGES).read, "c1")).length).toBe(MAX_SHARED_MESSAGES);
  });

  it("refuses more than 1 MB of text with 413", async () => {
    const { read } = fakeReader(20, () => "长".repeat(20_000));
    await expect(readConversationSnapshot(read, "c1")).rejects.toMatchObject({ statusCode: 413, message: expect.stringContaining("1 MB") });
  });

  it("turns the proxy's 404 / 400 (another user's conversation, not a chat app) into 404, other errors pass", async () => {
    for (const status of [404, 400]) {
      const read = (async () => {
        throw new ApiRouteError(status, "x");
      }) as UserDifyReader;
      await expect(readConversationSnapshot(read, "c1")).rejects.toMatchObject({ statusCode: 404, message: "对话不存在或已被删除" });
    }
    const down = (async () => {
      throw new ApiRouteError(502, "AI 服务暂时不可用");
    }) as UserDifyReader;
    await expect(readConversationSnapshot(down, "c1")).rejects.toMatchObject({ statusCode: 502 });
  });

  it("refuses an empty conversation", async () => {
    await expect(readConversationSnapshot(fakeReader(0).read, "c1")).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe("readConversationTitle", () => {
  it("finds the title in the user's list, or calls the conversation untitled", async () => {
    const read = (async () => ({ data: [{ id: "a", name: "北京旅行" }, { id: "b", name: "  " }], has_more: false, limit: 100 })) as UserDifyReader;
    expect(await readConversationTitle(read, "a")).toBe("北京旅行");
    expect(await readConversationTitle(read, "b")).toBe("未命名对话");
    expect(await readConversationTitle(read, "c")).toBe("未命名对话");
  });
});
