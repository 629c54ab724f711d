import type { Locator, Page } from "@playwright/test";
import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// A fresh account of its own: the worker's shared `account` chats in other specs, and every figure
// here must start from zero. The e2e server keeps the free plan's 100 000 tokens (10 万).
const FREE_QUOTA = 100_000;
const CHAT_APP = "火花助手"; // the embedded demo chat app (src/embedded/dify)
const OTHER_APPS = ["文章大纲工作流", "文案生成器"];

/** Counts as the pages print them (`1,234`). */
const count = (value: number) => value.toLocaleString("zh-CN");

/** Today in China time, the calendar the quota and the chart use. */
const chinaToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

async function tokensUsed(page: Page): Promise<number> {
  const response = await page.request.get("/api/user/subscription");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { usage: { tokensUsed: number } }).usage.tokensUsed;
}

/** The usage bar's figures: used of the quota, and what is left. */
async function expectMeter(meter: Locator, used: number) {
  await expect(meter).toContainText(`已用 ${count(used)} / 10 万 Token`);
  const left = FREE_QUOTA - used;
  await expect(meter).toContainText(`剩余 ${left === FREE_QUOTA ? "10 万" : count(left)} Token`);
  await expect(meter.getByRole("progressbar", { name: "本月用量" })).toHaveAttribute("aria-valuenow", String(Math.round((used / FREE_QUOTA) * 100)));
}

// Each test signs up, chats and loads about ten pages: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

const appCard = (page: Page, name: string) =>
  page.getByRole("list", { name: "AI 应用" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) }).getByRole("link");

test("the dashboards show a user's usage and quota move after one chat", async ({ page }) => {
  const account = await createConfirmedAccount(page.request);
  await signInThroughApi(page.request, account);

  // Before any call: the free plan, nothing used, every app unused, and the empty state.
  await page.goto("/dashboard");
  await expect(page.getByTestId("overview-plan-name")).toHaveText("免费版");
  await expectMeter(page.getByTestId("usage-meter"), 0);
  await expect(page.getByRole("link", { name: "升级套餐" })).toHaveAttribute("href", "/pricing");
  const shortcuts = page.getByRole("region", { name: "快捷入口" });
  await expect(shortcuts.getByRole("link")).toHaveCount(4);
  await expect(page.getByRole("table", { name: "最近调用" })).toHaveCount(0);

  await page.goto("/dashboard/ai/ai");
  for (const name of [CHAT_APP, ...OTHER_APPS]) await expect(appCard(page, name).getByTestId("app-month-usage")).toHaveText("本月尚未使用");
  await expect(appCard(page, CHAT_APP)).toHaveAttribute("href", "/ai/chat/demo-chat");

  await page.goto("/dashboard/ai/tokens");
  await expectMeter(page.getByTestId("usage-meter"), 0);
  await expect(page.getByText("还没有用量记录")).toBeVisible();
  await expect(page.getByTestId("tokens-chart")).toHaveCount(0);

  // One chat through the page.
  await page.goto("/ai/chat/demo-chat");
  const box = page.getByRole("textbox", { name: "输入消息" });
  await box.fill(`这个月用了多少 Token？${Date.now()}`);
  await box.press("Enter");
  await expect(page.getByTestId("exchange").last()).toHaveAttribute("data-status", "done");
  // Usage is recorded once the stream has closed, just after the answer is shown.
  await expect.poll(() => tokensUsed(page)).toBeGreaterThan(0);
  const used = await tokensUsed(page);

  // The overview: the bar moved, and the call is listed.
  await page.goto("/dashboard");
  await expectMeter(page.getByTestId("usage-meter"), used);
  const overviewCalls = page.getByRole("table", { name: "最近调用" }).getByRole("row");
  await expect(overviewCalls).toHaveCount(2); // header + the one call
  await expect(overviewCalls.nth(1)).toContainText(CHAT_APP);
  await expect(overviewCalls.nth(1).getByRole("cell").nth(5)).toHaveText(count(used));

  // The app cards: this month's usage on the chat app only.
  await page.goto("/dashboard/ai/ai");
  await expect(appCard(page, CHAT_APP).getByTestId("app-month-usage")).toHaveText(`本月 ${count(used)} Token · 1 次调用`);
  for (const name of OTHER_APPS) await expect(appCard(page, name).getByTestId("app-month-usage")).toHaveText("本月尚未使用");

  // The token page: quota left, the 30-day total, today's bar, the by-app table and the call.
  await page.goto("/dashboard/ai/tokens");
  await expectMeter(page.getByTestId("usage-meter"), used);
  await expect(page.getByText(`30 天合计 ${count(used)} Token`)).toBeVisible();

  const byApp = page.getByRole("table", { name: "各应用用量（本月）" }).getByRole("row");
  await expect(byApp).toHaveCount(2);
  await expect(byApp.nth(1).getByRole("cell")).toHaveText([CHAT_APP, "对话", "1", count(used), "100%"]);

  const latest = page.getByRole("table", { name: "最近调用" }).getByRole("row");
  await expect(latest).toHaveCount(2);
  const cells = latest.nth(1).getByRole("cell");
  await expect(cells.nth(0)).toContainText(chinaToday().slice(5)); // `MM-DD HH:mm` in China time
  await expect(cells.nth(1)).toHaveText(CHAT_APP);
  await expect(cells.nth(5)).toHaveText(count(used));
  const [prompt, completion] = await Promise.all([cells.nth(3).innerText(), cells.nth(4).innerText()]);
  expect(Number(prompt.replace(/,/g, "")) + Number(completion.replace(/,/g, ""))).toBe(used);
  expect(Number(completion.replace(/,/g, ""))).toBeGreaterThan(0);

  // Today's bar is the last one: hovering it shows China's date and the tokens used.
  const chart = page.getByTestId("tokens-chart");
  const box2 = (await chart.boundingBox())!;
  await chart.hover({ position: { x: box2.width - 16, y: box2.height / 2 } });
  const tooltip = chart.locator(".recharts-tooltip-wrapper");
  await expect(tooltip).toContainText(chinaToday());
  await expect(tooltip).toContainText(count(used));
});

test("moving around inside the app after a chat, each page shows the new figures", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  // Visit the usage pages first, so the client router has them cached from before the chat.
  await page.goto("/dashboard");
  await expectMeter(page.getByTestId("usage-meter"), 0);
  const sidebar = page.getByRole("navigation", { name: "控制台导航" });
  await sidebar.getByRole("link", { name: "Token 用量" }).click();
  await expect(page.getByText("还没有用量记录")).toBeVisible();
  await sidebar.getByRole("link", { name: "AI 应用" }).click();
  await expect(appCard(page, CHAT_APP).getByTestId("app-month-usage")).toHaveText("本月尚未使用");

  await appCard(page, CHAT_APP).click();
  const box = page.getByRole("textbox", { name: "输入消息" });
  await box.fill(`再问一次 ${Date.now()}`);
  await box.press("Enter");
  await expect(page.getByTestId("exchange").last()).toHaveAttribute("data-status", "done");
  await expect.poll(() => tokensUsed(page)).toBeGreaterThan(0);
  const used = await tokensUsed(page);

  await page.getByRole("link", { name: "返回控制台" }).click();
  await expect(page).toHaveURL(/\/dashboard\/ai\/ai$/);
  await expect(appCard(page, CHAT_APP).getByTestId("app-month-usage")).toHaveText(`本月 ${count(used)} Token · 1 次调用`);
  await sidebar.getByRole("link", { name: "Token 用量" }).click();
  await expect(page.getByText(`30 天合计 ${count(used)} Token`)).toBeVisible();
  await expectMeter(page.getByTestId("usage-meter"), used);
  await sidebar.getByRole("link", { name: "概览" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectMeter(page.getByTestId("usage-meter"), used);
});

test("a workflow run that reports only a total shows the total, with its split marked unknown", async ({ page }) => {
  await signInThroughApi(page.request, await createConfirmedAccount(page.request));
  const run = await page.request.post("/api/ai/dify/workflows/run?appid=demo-workflow", {
    data: { inputs: { topic: "远程办公", audience: "学生" }, response_mode: "blocking" },
  });
  expect(run.status()).toBe(200);
  const total = ((await run.json()) as { data: { total_tokens: number } }).data.total_tokens;
  expect(total).toBeGreaterThan(0);
  // The usage row is written after the answer is sent: wait for it before rendering the page.
  await expect.poll(() => tokensUsed(page)).toBeGreaterThan(0);

  await page.goto("/dashboard/ai/tokens");
  const row = page.getByRole("table", { name: "最近调用" }).getByRole("row").nth(1);
  await expect(row).toContainText("文章大纲工作流");
  await expect(row).toContainText(count(total));
  // 输入 / 输出: a marked dash, not a misleading 0.
  await expect(row.getByLabel("该应用只报告了合计 Token，没有区分输入和输出")).toHaveCount(2);
});
