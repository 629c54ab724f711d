import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { ADMIN, ensureAdminAccount } from "./support/admin-account";
import { expect, test } from "./support/fixtures";

// The repeated-hit ban is a site-wide switch: while it is on (2 hits a minute), any other spec whose
// user trips the word list twice would be banned. So this spec runs in the "site-wide switches" project,
// after every other spec (playwright.config.ts).

const WORD = "火花安全测试词";

test("repeated hits ban the user for the configured time, and the next AI call says so", async ({ page, browser }) => {
  // The operator turns the rule on (2 hits within 1 minute → 5 minutes), and off again afterwards.
  const operator = await browser.newContext();
  await ensureAdminAccount(operator.request);
  await signInThroughApi(operator.request, ADMIN);
  const policy = (data: object) => operator.request.post("/api/admin/safety/ban-policy", { data });
  expect((await policy({ hits: 2, windowMinutes: 1, banMinutes: 5 })).status()).toBe(200);
  try {
    await signInThroughApi(page.request, await createConfirmedAccount(page.request));
    const askBad = () => page.request.post("/api/ai/dify/chat-messages?appid=demo-chat", { data: { query: `说说${WORD}`, inputs: {}, response_mode: "streaming" } });
    expect(await (await askBad()).json()).toMatchObject({ code: "content_filter", message: expect.stringContaining("不适宜") });
    expect(await (await askBad()).json()).toMatchObject({ code: "content_filter", message: expect.stringContaining("已被暂停使用至") });
    const next = await page.request.post("/api/ai/dify/chat-messages?appid=demo-chat", { data: { query: "你好", inputs: {}, response_mode: "streaming" } });
    expect(next.status()).toBe(403);
    expect(await next.json()).toMatchObject({ code: "user_banned", message: expect.stringContaining("您的账号已被暂停使用至") });
  } finally {
    await policy({ hits: null, windowMinutes: null, banMinutes: null });
    await operator.close();
  }
});
