import { describe, expect, it } from "vitest";
import { threadEndingAt, UUID_NIL } from "./message-thread";

const m = (id: string, parentMessageId: string | null) => ({ id, parentMessageId });

describe("threadEndingAt", () => {
  it("follows parent ids to the root, oldest first", () => {
    const messages = [m("a", null), m("b", "a"), m("c", null), m("d", "b"), m("e", "a")];
    expect(threadEndingAt(messages, "d").map((x) => x.id)).toEqual(["a", "b", "d"]);
    expect(threadEndingAt(messages, "e").map((x) => x.id)).toEqual(["a", "e"]);
    expect(threadEndingAt(messages, "c").map((x) => x.id)).toEqual(["c"]);
  });

  it("reads Dify's legacy marker as the previous message in time", () => {
    const messages = [m("a", UUID_NIL), m("b", UUID_NIL), m("c", "b"), m("d", "a")];
    expect(threadEndingAt(messages, "c").map((x) => x.id)).toEqual(["a", "b", "c"]);
    expect(threadEndingAt(messages, "d").map((x) => x.id)).toEqual(["a", "d"]);
  });

  it("stops at unknown ids and cycles", () => {
    expect(threadEndingAt([m("a", "zzz")], "a").map((x) => x.id)).toEqual(["a"]);
    expect(threadEndingAt([m("a", "b"), m("b", "a")], "b").map((x) => x.id)).toEqual(["a", "b"]);
    expect(threadEndingAt([m("a", null)], "nope")).toEqual([]);
  });
});
