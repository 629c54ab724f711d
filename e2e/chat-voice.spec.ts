import config from "../playwright.config";
import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { askInChat } from "./support/chat";
import { expect, test } from "./support/fixtures";
import { toastRegion } from "./support/toasts";

// Voice in the chat: 语音输入 records from the microphone (Chromium's fake device, accepted without a
// prompt), the demo app's speech to text answers a fixed transcript that lands in the composer; 朗读
// plays an answer as the demo's WAV tone. Only this spec launches Chromium with the fake media flags.

const launchOptions = config.use?.launchOptions ?? {};
test.use({ launchOptions: { ...launchOptions, args: [...(launchOptions.args ?? []), "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", "--autoplay-policy=no-user-gesture-required"] } });
test.describe.configure({ timeout: 90_000 });

const TRANSCRIPT = "请介绍一下思维火花";

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
});

test("records a question, shows 录音中 with the time, and puts the transcript after what was typed", async ({ page }) => {
  await page.goto("/ai/chat/demo-chat");
  const box = page.getByRole("textbox", { name: "输入消息" });
  await box.fill("你好，");
  await page.getByRole("button", { name: "语音输入" }).click();
  const recording = page.getByTestId("voice-recording");
  await expect(recording).toContainText("录音中 0:01", { timeout: 5000 });
  const transcribed = page.waitForResponse((response) => response.url().includes("/api/ai/dify/audio-to-text"));
  await page.getByRole("button", { name: "停止录音并识别" }).click();
  const response = await transcribed;
  expect(response.status()).toBe(200);
  await expect(box).toHaveValue(`你好，${TRANSCRIPT}`);
  await expect(recording).toHaveCount(0);
  await expect(box).toBeFocused();

  // Sent like a typed question: the demo knowledge base answers it.
  await box.press("Enter");
  await expect(page.getByTestId("exchange").last()).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  await expect(page.getByTestId("user-message").last()).toHaveText(`你好，${TRANSCRIPT}`);
});

test("a recording can be cancelled: nothing is sent and the box stays as it was", async ({ page }) => {
  await page.goto("/ai/chat/demo-agent");
  let calls = 0;
  page.on("request", (request) => {
    if (request.url().includes("/audio-to-text")) calls += 1;
  });
  await page.getByRole("button", { name: "语音输入" }).click();
  await expect(page.getByTestId("voice-recording")).toBeVisible();
  await page.getByRole("button", { name: "取消录音" }).click();
  await expect(page.getByRole("button", { name: "语音输入" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "输入消息" })).toHaveValue("");
  await expect(page.getByRole("textbox", { name: "输入消息" })).toBeFocused();
  expect(calls).toBe(0);
});

test("a denied microphone says so in Chinese", async ({ page }) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
  });
  await page.goto("/ai/chat/demo-chat");
  await page.getByRole("button", { name: "语音输入" }).click();
  await expect(toastRegion(page)).toContainText("无法使用麦克风，请在浏览器设置中允许访问");
});

test("apps without speech features show neither button", async ({ page }) => {
  await page.goto("/ai/chat/demo-model");
  await expect(page.getByRole("textbox", { name: "输入消息" })).toBeVisible();
  await expect(page.getByRole("button", { name: "语音输入" })).toHaveCount(0);
});

test("朗读 plays a finished answer as audio and 停止朗读 stops it", async ({ page }) => {
  await page.goto("/ai/chat/demo-chatflow");
  await askInChat(page, "如何写一份周报？");
  const exchange = page.getByTestId("exchange").last();
  await expect(exchange).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  const speech = page.waitForResponse((response) => response.url().includes("/api/ai/dify/text-to-audio"));
  await exchange.getByRole("button", { name: "朗读", exact: true }).click();
  const response = await speech;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("audio/wav");
  const stop = exchange.getByRole("button", { name: "停止朗读" });
  await expect(stop).toBeVisible();
  await expect(stop).toHaveAttribute("data-playback", "playing");
  await stop.click();
  await expect(exchange.getByRole("button", { name: "朗读", exact: true })).toHaveAttribute("data-playback", "idle");
});
