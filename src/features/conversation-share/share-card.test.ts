import { describe, expect, it } from "vitest";
import { shareCardMetadata } from "./share-card";

describe("a shared link's card (issue 38 item 13)", () => {
  const share = {
    title: "周报怎么写",
    appName: "火花助手",
    messages: [
      { query: "我的私密问题", answer: "私密的回答", created_at: null },
      { query: "再说一点", answer: "好的", created_at: null },
    ],
  };

  it("has a title, a description and an absolute image on the site's address, quoting no message", () => {
    const card = shareCardMetadata(share, "https://spark.example.cn");
    expect(String(card.metadataBase)).toBe("https://spark.example.cn/");
    expect(card.openGraph).toMatchObject({ title: "周报怎么写 - 思维火花", type: "article", siteName: "思维火花", images: [{ url: "/og/home", width: 1200, height: 630 }] });
    expect(card.description).toBe("与「火花助手」的 AI 对话，共 2 轮问答。分享自思维火花：快速接入AI工作流。");
    expect(JSON.stringify(card)).not.toMatch(/私密/);
    expect(new URL("/og/home", card.metadataBase!).href).toBe("https://spark.example.cn/og/home");
  });
});
