import { describe, expect, it } from "vitest";
import { conversationsReducer, initialConversations, type ConversationsState } from "./conversations-reducer";

const c = (id: string, name = `对话 ${id}`) => ({ id, name });

describe("conversationsReducer", () => {
  const loaded: ConversationsState = conversationsReducer(initialConversations, { type: "loaded", page: [c("a"), c("b")], hasMore: true, append: false });

  it("loads the first page, then appends further pages without duplicates", () => {
    expect(loaded).toEqual({ items: [c("a"), c("b")], hasMore: true, status: "idle" });
    const more = conversationsReducer(conversationsReducer(loaded, { type: "load-start", more: true }), { type: "loaded", page: [c("b"), c("c")], hasMore: false, append: true });
    expect(more.items.map((item) => item.id)).toEqual(["a", "b", "c"]);
    expect(more.hasMore).toBe(false);
    expect(more.status).toBe("idle");
  });

  it("marks loading and failures", () => {
    expect(conversationsReducer(loaded, { type: "load-start", more: true }).status).toBe("loading-more");
    const failed = conversationsReducer(loaded, { type: "load-failed", message: "网络连接失败" });
    expect(failed).toMatchObject({ status: "error", error: "网络连接失败", items: loaded.items });
  });

  it("moves a conversation with new activity to the top, adding it when new", () => {
    const moved = conversationsReducer(loaded, { type: "upserted", conversation: c("b", "新名字") });
    expect(moved.items).toEqual([c("b", "新名字"), c("a")]);
    const added = conversationsReducer(loaded, { type: "upserted", conversation: c("z") });
    expect(added.items.map((item) => item.id)).toEqual(["z", "a", "b"]);
  });

  it("renames and removes", () => {
    expect(conversationsReducer(loaded, { type: "renamed", id: "a", name: "周报" }).items[0]).toEqual(c("a", "周报"));
    expect(conversationsReducer(loaded, { type: "removed", id: "a" }).items).toEqual([c("b")]);
  });
});
