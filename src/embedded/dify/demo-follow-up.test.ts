import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeDemoCompletion } from "../model-provider/answers";
import { followUpOf } from "./follow-up";
import { requestShape } from "./request-shape";
import { DEMO_CHAT_KEY } from "./index";
import { startDemoServer, type DemoServerHarness } from "./testing";

// Issue 38 item 11: 「再说一点」 was read as a subject and a one-item list (关于「再说」，可以从这 2 点入手).

describe("follow-ups in the demo apps", () => {
  it("knows the short follow-ups people type, and leaves questions of their own alone", () => {
    for (const query of ["再说一点", "再说说", "多说点", "继续", "接着说", "详细一点", "说具体点", "展开说说", "还有吗？", "然后呢", "请再解释一下"]) expect(followUpOf(query), query).toBe("more");
    for (const query of ["举个例子", "能举个例子吗", "比如呢"]) expect(followUpOf(query), query).toBe("example");
    for (const query of ["为什么", "为什么？"]) expect(followUpOf(query), query).toBe("why");
    for (const query of ["再说说长城的历史", "如何写好周报", "列出 5 条建议", "详细介绍一下杭州的西湖和它周边的景点"]) expect(followUpOf(query), query).toBeNull();
  });

  it("「一点」 and 「一个」 ask for no list; a count of two or more still does", () => {
    expect(requestShape("介绍一点历史").listItems).toBeNull();
    expect(requestShape("写一个产品介绍").listItems).toBeNull();
    expect(requestShape("列出 3 点建议").listItems).toBe(3);
    expect(requestShape("说两点").listItems).toBe(2);
  });

  it("the demo model answers a follow-up about the previous question", () => {
    const { content, reasoning } = writeDemoCompletion("spark-reasoner", "再说一点", 2, [], "如何写好周报");
    expect(content).toMatch(/^好的，关于「如何写好周报」再多说一些：/);
    expect(reasoning).toContain("如何写好周报");
    expect(content).not.toMatch(/再说」|可以从这/);
  });

  describe("through the demo Dify chat app", () => {
    let demo: DemoServerHarness;
    beforeAll(async () => {
      demo = await startDemoServer({ paceMs: 0 });
    });
    afterAll(() => demo.close());

    async function chat(query: string, conversationId?: string): Promise<{ answer: string; conversation_id: string }> {
      const response = await demo.call(DEMO_CHAT_KEY, "POST", "/chat-messages", { query, inputs: {}, user: "follow-up", response_mode: "blocking", ...(conversationId ? { conversation_id: conversationId } : {}) });
      expect(response.status).toBe(200);
      return (await response.json()) as { answer: string; conversation_id: string };
    }

    it("answers 「再说一点」 and 「举个例子」 about the conversation's previous question", async () => {
      const first = await chat("如何写好周报");
      const more = await chat("再说一点", first.conversation_id);
      expect(more.answer).toMatch(/^好的，关于「如何写好周报」再多说一些：/);
      expect(more.answer).not.toMatch(/关于「再说」|可以从这/);
      // A follow-up of a follow-up still refers to the question of its own.
      const example = await chat("举个例子", first.conversation_id);
      expect(example.answer).toMatch(/^举个例子：假设要做的是「如何写好周报」。/);
      // Without a previous question it still reads naturally.
      expect((await chat("再说一点")).answer).toMatch(/^好的，关于「刚才的话题」再多说一些：/);
    });
  });
});
