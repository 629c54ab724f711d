import { describe, expect, it } from "vitest";
import { AnswerWindow, WINDOW } from "../../server/answer-window";
import { entriesOfFile, parseEntry, type WordEntry } from "./entries";
import { WordMatcher } from "./matcher";

const matcher = (...lines: string[]) => new WordMatcher(lines.map((line) => parseEntry(line)).filter((entry): entry is WordEntry => !("error" in entry)));

describe("WordMatcher", () => {
  it("finds any of many words in one pass, with the word as label and the text around it as excerpt", () => {
    const words = Array.from({ length: 5000 }, (_, index) => `词条${index}号`);
    const list = matcher(...words, "违禁品");
    expect(list.check("今天天气很好")).toEqual({ flagged: false });
    const verdict = list.check(`${"前文".repeat(40)}这里提到了违禁品的事${"后文".repeat(40)}`);
    expect(verdict).toMatchObject({ flagged: true, label: "违禁品" });
    if (!verdict.flagged) throw new Error("unreachable");
    expect(verdict.excerpt).toContain("违禁品");
    expect([...verdict.excerpt].length).toBeLessThanOrEqual(50);
    expect(list.check("提到词条4321号了")).toMatchObject({ flagged: true, label: "词条4321号" });
  });

  it("sees through full-width letters, case and separators put between the characters", () => {
    const list = matcher("badword", "违禁品");
    expect(list.check("ＢＡＤ　ＷＯＲＤ")).toMatchObject({ flagged: true, label: "badword" });
    expect(list.check("违·禁 品")).toMatchObject({ flagged: true, label: "违禁品" });
    expect(list.check("违法的物品")).toEqual({ flagged: false });
  });

  it("matches /regex/ entries against the text", () => {
    const list = matcher("/加\\s*微\\s*信\\s*\\d{5,}/", "/spam+/i");
    expect(list.check("快加 微信 123456 领取")).toMatchObject({ flagged: true, label: "/加\\s*微\\s*信\\s*\\d{5,}/" });
    expect(list.check("SPAMMM")).toMatchObject({ flagged: true, label: "/spam+/i" });
    expect(list.check("加微信吗")).toEqual({ flagged: false });
  });

  it("refuses unreadable entries and reads a file one entry a line", () => {
    expect(parseEntry("/([/")).toEqual({ error: expect.stringContaining("不是有效的正则表达式") });
    expect(parseEntry("   ")).toEqual({ error: "不能为空" });
    expect(entriesOfFile("# 注释\n词一\r\n\n  词二  \n/模式/\n")).toEqual(["词一", "词二", "/模式/"]);
  });
});

describe("AnswerWindow", () => {
  it("checks every window of new text with an overlap, so a word split across two windows is found, and the rest at the end", async () => {
    const list = matcher("火花安全测试词");
    const checked: string[] = [];
    const window = new AnswerWindow(async (text) => (checked.push(text), list.check(text)));
    const filler = "一".repeat(WINDOW - 3);
    expect(await window.push(`${filler}火花安`)).toBeUndefined();
    expect(checked).toHaveLength(1);
    // The word's second half arrives in the next window: the overlap brings its first half along.
    const hit = await window.push(`全测试词${"二".repeat(WINDOW)}`);
    expect(hit).toMatchObject({ flagged: true, label: "火花安全测试词" });

    const tail = new AnswerWindow(async (text) => list.check(text));
    expect(await tail.push("短短的火花安全测试词")).toBeUndefined();
    expect(await tail.finish()).toMatchObject({ flagged: true });
  });
});
