import { describe, expect, it } from "vitest";
import { conversationsReducer, initialConversations, type ConversationsState } from "./conversations-reducer";

const c = (id: string, name = `对话 ${id}`) => ({ id, name });

describe("conversationsReducer", () => {
  const loaded: ConversationsState = conversationsReducer(initialConversations, { type: "loaded", page: [c("a"), c("b")], hasMore: true, mode: "replace" });

  it("loads the first page, then appends further pages without duplicates", () => {
    expect(loaded).toEqual({ items: [c("a"), c("b")], hasMore: true, status: "idle" });
    const more = conversationsReducer(conversationsReducer(loaded, { type: "load-start", more: true }), { type: "loaded", page: [c("b"), c("c")], hasMore: false, mode: "append" });
    expect(more.items.map((item) => item.id)).toEqual(["a", "b", "c"]);
    expect(more.hasMore).toBe(false);
    expect(more.status).toBe("idle");
  });

  it("a refresh of the first page keeps the older pages already loaded", () => {
    const threePages = conversationsReducer(loaded, { type: "loaded", page: [c("c"), c("d")], hasMore: true, mode: "append" });
    // A new conversation "n" is now the newest: the fresh first page is [n, a].
    const refreshed = conversationsReducer(threePages, { type: "loaded", page: [c("n"), c("a", "周报")], hasMore: true, mode: "refresh" });
    expect(refreshed.items).toEqual([c("n"), c("a", "周报"), c("b"), c("c"), c("d")]);
    expect(refreshed.hasMore).toBe(true);
    const lastPageSeen = conversationsReducer({ ...threePages, hasMore: false }, { type: "loaded", page: [c("a"), c("b")], hasMore: true, mode: "refresh" });
    expect(lastPageSeen.hasMore).toBe(false); // the user had reached the end: no more to load
    // Without more after it, the fresh page is the whole list (b was deleted in another tab).
    const whole = conversationsReducer(threePages, { type: "loaded", page: [c("a")], hasMore: false, mode: "refresh" });
    expect(whole).toMatchObject({ items: [c("a")], hasMore: false });
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
