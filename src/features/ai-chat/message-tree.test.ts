import { describe, expect, it } from "vitest";
import { buildMessageTree, newestThreadOf, parentMessageIdOf, visibleThread } from "./message-tree";
import type { Exchange } from "./types";

const NIL = "00000000-0000-0000-0000-000000000000";
const stored = (id: string, parentMessageId: string | null | undefined): Exchange => ({ key: id, messageId: id, parentMessageId, query: `问 ${id}`, files: [], fileRefs: [], answer: `答 ${id}`, status: "done", feedback: null });
const local = (key: string, parentKey: string | null, messageId?: string): Exchange => ({ key, parentKey, messageId, query: key, files: [], fileRefs: [], answer: "", status: "streaming", feedback: null });
const keys = (exchanges: Exchange[], selected: string | null = null) => visibleThread(buildMessageTree(exchanges), selected).map((item) => item.exchange.key);

describe("message tree", () => {
  // a → b → d, a → e (b regenerated), c: the first question regenerated (a new root).
  const conversation = [stored("a", null), stored("b", "a"), stored("c", null), stored("d", "b"), stored("e", "a")];

  it("shows the thread ending at the newest message", () => {
    expect(keys(conversation)).toEqual(["a", "e"]);
    const thread = visibleThread(buildMessageTree(conversation), null);
    expect(thread.map((item) => [item.siblingIndex, item.siblingKeys.length])).toEqual([
      [0, 2],
      [1, 2],
    ]);
  });

  it("switching to a sibling shows that branch and its newest descendants", () => {
    expect(keys(conversation, "b")).toEqual(["a", "b", "d"]);
    expect(keys(conversation, "c")).toEqual(["c"]);
    expect(keys(conversation, "a")).toEqual(["a", "e"]);
    expect(keys(conversation, "gone")).toEqual(["a", "e"]);
  });

  it("reads legacy messages (UUID_NIL or no parent field) as following the previous one in time", () => {
    expect(keys([stored("a", NIL), stored("b", NIL), stored("c", NIL)])).toEqual(["a", "b", "c"]);
    expect(keys([stored("a", undefined), stored("b", undefined), stored("c", "a")])).toEqual(["a", "c"]);
    const mixed = [stored("a", NIL), stored("b", NIL), stored("c", "a")];
    expect(visibleThread(buildMessageTree(mixed), null).map((item) => item.siblingKeys)).toEqual([["a"], ["b", "c"]]);
  });

  it("makes a message whose parent is not loaded yet (older page) a root, and never links to a later one", () => {
    expect(keys([stored("x", "older"), stored("y", "x")])).toEqual(["x", "y"]);
    // Two messages whose parents are on older pages are not siblings; two under the same one are.
    const paged = visibleThread(buildMessageTree([stored("x", "older"), stored("z", "older-2"), stored("w", "older"), stored("y", "x")]), null);
    expect(paged.map((item) => [item.exchange.key, item.siblingKeys])).toEqual([
      ["x", ["x", "w"]],
      ["y", ["y"]],
    ]);
    expect(keys([stored("p", "q"), stored("q", "p")])).toEqual(["p", "q"]);
  });

  it("places new exchanges by key, before their message id is known", () => {
    const exchanges = [...conversation, local("new", "b")];
    expect(keys(exchanges, "new")).toEqual(["a", "b", "new"]);
    const tree = buildMessageTree(exchanges);
    expect(tree.childrenOf.get("b")).toEqual(["d", "new"]);
    expect(keys([...exchanges, local("next", "new", "m-next")], "next")).toEqual(["a", "b", "new", "next"]);
  });

  it("finds the stored parent of a new message: the nearest ancestor with an id", () => {
    const tree = buildMessageTree([stored("a", null), local("failed", "a"), local("after", "failed")]);
    expect(parentMessageIdOf(tree, "failed")).toBe("a");
    expect(parentMessageIdOf(tree, "after")).toBe("a");
    expect(parentMessageIdOf(tree, null)).toBeNull();
  });

  it("gives the newest thread of stored messages (what an export holds)", () => {
    const history = [
      { id: "a", parent_message_id: null, query: "一", answer: "1" },
      { id: "b", parent_message_id: "a", query: "二", answer: "2" },
      { id: "c", parent_message_id: "a", query: "二（改）", answer: "2'" },
    ];
    expect(newestThreadOf(history).map((message) => message.id)).toEqual(["a", "c"]);
    expect(newestThreadOf([{ id: "x", query: "旧", answer: "" }, { id: "y", query: "旧二", answer: "" }]).map((message) => message.id)).toEqual(["x", "y"]);
  });

  it("is empty without exchanges", () => {
    expect(keys([])).toEqual([]);
  });
});
