import OpenAI from "openai";
import { openAiFailure } from "../test/openai-failure";
import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// What issue 17 calls done: a developer makes a key on the dashboard and streams an answer with the
// official OpenAI SDK from the running production build; then sees the calls on the usage page.
type WithConversation = { conversation_id?: string };

test("a key made on the dashboard works with the official OpenAI SDK, shows its usage, and stops when revoked", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  await page.goto("/dashboard/ai/tokens");
  await page.getByRole("button", { name: "创建密钥" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("名称").fill("集成脚本");
  await dialog.getByRole("button", { name: "创建" }).click();
  const secret = (await dialog.getByTestId("new-api-key").textContent()) ?? "";
  await dialog.getByRole("button", { name: "我已保存" }).click();

  const openai = new OpenAI({ apiKey: secret, baseURL: `${baseURL}/v1`, maxRetries: 0 });
  const ids: string[] = [];
  for await (const model of openai.models.list()) ids.push(model.id);
  expect(ids).toEqual(expect.arrayContaining(["demo-model", "demo-model/spark-swift", "demo-chat", "demo-workflow"]));

  // A model app, streamed.
  const stream = await openai.chat.completions.create({ model: "demo-model", messages: [{ role: "user", content: "列出 3 个提高专注力的方法" }], stream: true, stream_options: { include_usage: true } });
  let answer = "";
  let usage: OpenAI.CompletionUsage | undefined;
  for await (const chunk of stream) {
    answer += chunk.choices[0]?.delta.content ?? "";
    usage ??= chunk.usage ?? undefined;
  }
  expect(answer).toContain("提高专注力的方法");
  expect(usage!.total_tokens).toBeGreaterThan(0);

  // A Dify chat, blocking and then streamed in the same conversation.
  const first = (await openai.chat.completions.create({ model: "demo-chat", messages: [{ role: "user", content: "介绍一下思维火花" }] })) as OpenAI.ChatCompletion & WithConversation;
  expect(first.choices[0]!.message.content!.length).toBeGreaterThan(0);
  const next = await openai.chat.completions.create({ model: "demo-chat", messages: [{ role: "user", content: "再简短一点" }], stream: true, conversation_id: first.conversation_id } as OpenAI.ChatCompletionCreateParamsStreaming);
  const conversations = new Set<string | undefined>();
  for await (const chunk of next) conversations.add((chunk as WithConversation).conversation_id);
  expect([...conversations]).toEqual([first.conversation_id]);

  // A malformed body is a 400 in OpenAI's shape.
  const malformed = await page.request.post(`${baseURL}/v1/chat/completions`, { headers: { Authorization: `Bearer ${secret}` }, data: { model: "demo-chat", messages: [] } });
  expect(malformed.status()).toBe(400);
  expect(await malformed.json()).toMatchObject({ error: { code: "invalid_request", param: "messages" } });

  // The usage page: this month's tokens of the key, and which key made the latest calls.
  await page.reload();
  const row = page.getByRole("table", { name: "API 密钥" }).getByRole("row", { name: /集成脚本/ });
  await expect(row).not.toContainText("从未使用");
  await expect(page.getByRole("table", { name: "最近调用" })).toContainText("API 密钥「集成脚本」");

  await page.getByRole("table", { name: "API 密钥" }).getByRole("button", { name: "撤销「集成脚本」" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "撤销" }).click();
  await expect(page.getByText("还没有 API 密钥")).toBeVisible();
  const revoked = await openAiFailure(openai.chat.completions.create({ model: "demo-model", messages: [{ role: "user", content: "还在吗" }] }));
  expect([revoked.status, revoked.code]).toEqual([401, "invalid_api_key"]);
});

test("a key limited to one app cannot reach another (404 model_not_found)", async ({ page, baseURL }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  const created = await page.request.post("/api/keys", { data: { name: "只用模型", allowedApps: ["demo-model"] } });
  const { secret } = (await created.json()) as { secret: string };
  const openai = new OpenAI({ apiKey: secret, baseURL: `${baseURL}/v1`, maxRetries: 0 });
  const error = await openAiFailure(openai.chat.completions.create({ model: "demo-chat", messages: [{ role: "user", content: "您好" }] }));
  expect([error.status, error.code]).toEqual([404, "model_not_found"]);
});

test("function calling, images, embeddings, one model and the Responses API work with the official OpenAI SDK (issue 36)", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  const created = await page.request.post("/api/keys", { data: { name: "深度集成" } });
  const { secret } = (await created.json()) as { secret: string };
  const openai = new OpenAI({ apiKey: secret, baseURL: `${baseURL}/v1`, maxRetries: 0 });

  // Function calling: the demo model calls the tool the question names; the stream helper assembles the call.
  const weather: OpenAI.Chat.ChatCompletionTool = { type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } };
  const question: OpenAI.Chat.ChatCompletionMessageParam = { role: "user", content: "用 get_weather 查一下 city=北京 的天气" };
  const called = await openai.chat.completions.stream({ model: "demo-model", messages: [question], tools: [weather] }).finalChatCompletion();
  const call = called.choices[0]!.message.tool_calls![0]!;
  expect(call.type === "function" && [call.function.name, JSON.parse(call.function.arguments)]).toEqual(["get_weather", { city: "北京" }]);
  const answered = await openai.chat.completions.create({ model: "demo-model", messages: [question, called.choices[0]!.message, { role: "tool", tool_call_id: call.id, content: "晴，21 度" }], tools: [weather] });
  expect(answered.choices[0]!.message.content).toContain("晴，21 度");
  const dify = await openAiFailure(openai.chat.completions.create({ model: "demo-chat", messages: [question], tools: [weather] }));
  expect([dify.status, dify.type]).toEqual([400, "invalid_request_error"]);

  // An image for the vision model; the reasoner cannot see.
  const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAen63NgAAAAASUVORK5CYII=";
  const image: OpenAI.Chat.ChatCompletionMessageParam = { role: "user", content: [{ type: "text", text: "图里有什么？" }, { type: "image_url", image_url: { url: `data:image/png;base64,${png}` } }] };
  const seen = await openai.chat.completions.create({ model: "demo-model/spark-swift", messages: [image] });
  expect(seen.choices[0]!.message.content).toContain("一张 image/png 图片");
  const blind = await openAiFailure(openai.chat.completions.create({ model: "demo-model/spark-reasoner", messages: [image] }));
  expect([blind.status, blind.type]).toEqual([400, "invalid_request_error"]);

  // Embeddings (the SDK asks for base64 and decodes it), one model by id, the Responses API streamed.
  const embedded = await openai.embeddings.create({ model: "demo-model/spark-embed", input: ["您好", "再见"] });
  expect(embedded.data.map((item) => item.embedding.length)).toEqual([256, 256]);
  expect(await openai.models.retrieve("demo-model/spark-swift")).toMatchObject({ id: "demo-model/spark-swift" });
  const events: string[] = [];
  let text = "";
  for await (const event of await openai.responses.create({ model: "demo-model", input: "列出 3 个提高专注力的方法", stream: true })) {
    events.push(event.type);
    if (event.type === "response.output_text.delta") text += event.delta;
  }
  expect([events[0], events.at(-1)]).toEqual(["response.created", "response.completed"]);
  expect(text).toContain("提高专注力的方法");
});
