import type OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDeveloperApi } from "../../../test/developer-api-testbed";
import { openAiFailure } from "../../../test/openai-failure";

// Images in /v1 messages with the official `openai` client: `image_url` parts (https and data URLs) for
// a vision model of a model app (the demo provider describes what it got: media type and bytes, or the
// host), usage as the provider reports it; a non-vision model, an oversized data URL and other bad
// images refused in OpenAI's error shape.
const api = await startDeveloperApi("v1-images");
const { DEMO_UNSAFE_WORD } = await import("@/embedded/dify");

/** A 1×1 PNG (68 bytes). */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAen63NgAAAAASUVORK5CYII=";
const PNG_BYTES = Buffer.from(PNG, "base64").byteLength;
const withImage = (url: string, text = "这张图里有什么？"): OpenAI.Chat.ChatCompletionMessageParam => ({
  role: "user",
  content: [
    { type: "text", text },
    { type: "image_url", image_url: { url } },
  ],
});

let client: OpenAI;
let keyId: string;
beforeAll(async () => {
  const key = await api.newKey(await api.newUser());
  keyId = key.key.id;
  client = api.client(key.secret);
});
afterAll(() => api.stop());

describe("images for a vision model", () => {
  it("reads a data URL image (the demo model names its type and size) and counts it in the usage as the provider reports it", async () => {
    const seen = await client.chat.completions.create({ model: "demo-model/spark-swift", messages: [withImage(`data:image/png;base64,${PNG}`)] });
    expect(seen.choices[0]!.message.content).toContain(`我看到了您发来的 1 张图片。第 1 张：一张 image/png 图片，${PNG_BYTES} 字节。`);
    const textOnly = await client.chat.completions.create({ model: "demo-model/spark-swift", messages: [{ role: "user", content: [{ type: "text", text: "这张图里有什么？" }] }] });
    // The demo provider counts a picture as 85 prompt tokens (OpenAI's low-detail figure); /v1 passes its figures on.
    expect(seen.usage!.prompt_tokens - textOnly.usage!.prompt_tokens).toBe(85);
    const rows = await api.usageRows(keyId);
    expect(rows.map((row) => row.promptTokens)).toContain(seen.usage!.prompt_tokens);
  });

  it("streams an answer about an https image (not fetched: the demo model names its host)", async () => {
    const stream = await client.chat.completions.create({ model: "demo-model", messages: [withImage("https://images.example.com/cat.jpg")], stream: true });
    let content = "";
    for await (const chunk of stream) content += chunk.choices[0]?.delta.content ?? "";
    expect(content).toContain("一张来自 images.example.com 的图片");
  });
});

describe("images refused", () => {
  it("a model that cannot see answers OpenAI's invalid_request_error at the image's message", async () => {
    const failure = await openAiFailure(client.chat.completions.create({ model: "demo-model/spark-reasoner", messages: [{ role: "user", content: "你好" }, withImage(`data:image/png;base64,${PNG}`)] }));
    expect([failure.status, failure.type, failure.param]).toEqual([400, "invalid_request_error", "messages.1.content"]);
    expect(failure.message).toContain("不能识别图片");
  });

  it("a data URL over the cap, a non-image data URL, a plain-http URL and too many images are refused", async () => {
    const big = Buffer.alloc(600 * 1024, 7).toString("base64");
    const tooBig = await openAiFailure(client.chat.completions.create({ model: "demo-model", messages: [withImage(`data:image/png;base64,${big}`)] }));
    expect([tooBig.status, tooBig.type, tooBig.param]).toEqual([400, "invalid_request_error", "messages.0.content"]);
    expect(tooBig.message).toContain("512 KB");
    const svg = await openAiFailure(client.chat.completions.create({ model: "demo-model", messages: [withImage(`data:image/svg+xml;base64,${PNG}`)] }));
    expect([svg.status, svg.param]).toEqual([400, "messages.0.content.1.image_url.url"]);
    const http = await openAiFailure(client.chat.completions.create({ model: "demo-model", messages: [withImage("http://example.com/a.png")] }));
    expect([http.status, http.param]).toEqual([400, "messages.0.content.1.image_url.url"]);
    const many = await openAiFailure(
      client.chat.completions.create({ model: "demo-model", messages: [{ role: "user", content: Array.from({ length: 9 }, () => ({ type: "image_url" as const, image_url: { url: `data:image/png;base64,${PNG}` } })) }] }),
    );
    expect([many.status, many.param]).toEqual([400, "messages"]);
  });

  it("a Dify app takes text only, and an image's words still pass content safety", async () => {
    const dify = await openAiFailure(client.chat.completions.create({ model: "demo-chat", messages: [withImage(`data:image/png;base64,${PNG}`)] }));
    expect([dify.status, dify.type]).toEqual([400, "invalid_request_error"]);
    const unsafe = await openAiFailure(client.chat.completions.create({ model: "demo-model", messages: [withImage(`data:image/png;base64,${PNG}`, `图里写着${DEMO_UNSAFE_WORD}`)] }));
    expect([unsafe.status, unsafe.code]).toEqual([400, "content_filter"]);
  });
});
