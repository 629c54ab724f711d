import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MessageItem } from "./components/message-item";
import type { Exchange } from "./types";
import { visionRetryLabel, visionRetryModel } from "./vision-retry";

// Issue 38 item 9: after a model refuses an image, the user should not have to attach it again.
const models = [
  { id: "spark-swift", name: "火花 快速版", vision: true },
  { id: "spark-reasoner", name: "火花 推理版", vision: false },
];
const refused: Exchange = {
  key: "k",
  query: "再看看这张",
  files: [{ id: "f", name: "tiny.png", type: "image", url: "blob:x" }],
  fileRefs: [{ type: "image", transfer_method: "local_file", upload_file_id: "f" }],
  answer: "",
  status: "error",
  error: { message: "当前模型不能识别图片，请换一个支持图片的模型，或去掉图片后再发送。", statusCode: 400 },
  feedback: null,
};
const noop = () => undefined;

describe("asking a seeing model after an image was refused", () => {
  it("offers the app's first model that can see, only for a refused question with images asked of a model that cannot", () => {
    expect(visionRetryModel(refused, models, "spark-reasoner")?.id).toBe("spark-swift");
    expect(visionRetryModel(refused, models, "spark-swift")).toBeNull();
    expect(visionRetryModel({ ...refused, files: [] }, models, "spark-reasoner")).toBeNull();
    expect(visionRetryModel({ ...refused, status: "done", error: undefined }, models, "spark-reasoner")).toBeNull();
    expect(visionRetryModel({ ...refused, error: { message: "回答中断了，请重试", statusCode: 0 } }, models, "spark-reasoner")).toBeNull();
    expect(visionRetryModel(refused, [models[1]!], "spark-reasoner")).toBeNull();
  });

  it("the failed question shows 换用「火花 快速版」重试 beside 重试, not while an answer streams", () => {
    const retryWith = { label: visionRetryLabel("火花 快速版"), onRetry: noop };
    const html = renderToStaticMarkup(<MessageItem exchange={refused} icon="💬" isLast busy={false} onRetry={noop} onRate={noop} onAsk={noop} retryWith={retryWith} />);
    expect(html).toContain("换用「火花 快速版」重试");
    expect(html).toContain('alt="tiny.png"');
    const busy = renderToStaticMarkup(<MessageItem exchange={refused} icon="💬" isLast busy onRetry={noop} onRate={noop} onAsk={noop} retryWith={retryWith} />);
    expect(busy).not.toContain("换用");
  });
});
