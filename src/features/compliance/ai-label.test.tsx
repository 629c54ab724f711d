import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { aigcMetadata, withAiLabel, withSpokenAiNotice } from "./ai-label";
import { AiContentLabel } from "./components/ai-content-label";
import { FilingLinks } from "./components/filing-links";
import { psbFilingUrl } from "./filings";

describe("the AI-content label (GB 45438-2025)", () => {
  it("renders the explicit mark", () => {
    const html = renderToStaticMarkup(<AiContentLabel />);
    expect(html).toContain('data-testid="ai-content-label"');
    expect(html).toContain("内容由 AI 生成");
  });

  it("follows a copied answer and precedes read-aloud text", () => {
    expect(withAiLabel("植物靠阳光做饭。\n")).toBe("植物靠阳光做饭。\n\n（内容由 AI 生成）");
    expect(withSpokenAiNotice("你好")).toBe("以下内容由 AI 生成。你好");
  });

  it("names the content in the implicit label's fields", () => {
    expect(aigcMetadata("c-1")).toEqual({ Label: "1", ContentProducer: "思维火花", ProduceID: "c-1", ReservedCode1: "", ContentPropagator: "思维火花", PropagateID: "c-1", ReservedCode2: "" });
  });
});

describe("FilingLinks", () => {
  it("links the ICP number to MIIT and the 公安 number, by its digits, to MPS", () => {
    const html = renderToStaticMarkup(<FilingLinks filings={{ icpNumber: "京ICP备1号", psbNumber: "京公网安备11010502012345号", genaiFiling: "" }} />);
    expect(html).toContain('href="https://beian.miit.gov.cn/"');
    expect(html).toContain(`href="${psbFilingUrl("京公网安备11010502012345号")}"`);
    expect(psbFilingUrl("京公网安备11010502012345号")).toBe("https://beian.mps.gov.cn/#/query/webSearch?code=11010502012345");
    expect(html).not.toContain("生成式人工智能服务备案");
  });

  it("renders nothing when no filing is set", () => {
    expect(renderToStaticMarkup(<FilingLinks filings={{ icpNumber: "", psbNumber: "", genaiFiling: "" }} />)).toBe("");
  });
});
