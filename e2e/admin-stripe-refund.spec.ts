import type { Browser } from "@playwright/test";
import { createConfirmedAccount, signInThroughApi } from "./support/accounts";
import { ADMIN, ensureAdminAccount, filterOrdersByUser } from "./support/admin-account";
import { expect, test } from "./support/fixtures";
import { startStripeStack, type StripeStack } from "./support/stripe-stack";
import { toastRegion } from "./support/toasts";

// Issue 18 §5: a refund through Stripe, against the fake Stripe API. An app process of this run's build
// is configured with Stripe only (its own, test checkout off); the fake runs in this worker, so the test
// plays Stripe: it completes the Checkout Session and delivers the signed webhooks. The operator then
// refunds the order in the console; the refund and the cancellation must reach the fake.

test.describe.configure({ mode: "serial" });

let stack: StripeStack;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startStripeStack();
});

test.afterAll(async () => {
  await stack?.stop();
});

const CHECKOUT_URL = /^https:\/\/checkout\.stripe\.test\/c\/pay\/(cs_test_\d+)$/;

/** A browser context on the Stripe app process. */
async function contextOnStripeApp(browser: Browser) {
  const context = await browser.newContext({ baseURL: stack.url, locale: "zh-CN" });
  return { context, page: await context.newPage() };
}

test("专业版 paid through Stripe's Checkout is refunded in full by an operator: the refund and the cancellation reach Stripe", async ({ browser }) => {
  test.setTimeout(120_000);
  const operator = await contextOnStripeApp(browser);
  await ensureAdminAccount(operator.page.request);
  const user = await contextOnStripeApp(browser);
  const buyer = await createConfirmedAccount(user.page.request);
  await signInThroughApi(user.page.request, buyer);

  // Stripe's hosted Checkout is not reachable from here: the browser gets a stand-in page at its URL.
  await user.page.route(CHECKOUT_URL, (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: "<!doctype html><title>Stripe Checkout</title><h1>Stripe Checkout</h1>" }));
  await user.page.goto("/dashboard/settings/billing");
  await expect(user.page.getByTestId("current-plan-name")).toHaveText("免费版");
  await user.page.getByRole("listitem", { name: "专业版" }).getByRole("button", { name: "升级到专业版" }).click();
  await expect(user.page).toHaveURL(CHECKOUT_URL);
  const sessionId = CHECKOUT_URL.exec(user.page.url())![1]!;
  const session = stack.stripe.sessions.get(sessionId)!;
  expect(session).toMatchObject({ mode: "subscription", success_url: `${stack.url}/dashboard/settings/billing?checkout=success` });
  expect([...stack.stripe.prices.values()]).toMatchObject([{ lookup_key: "sparkai_pro_month", unit_amount: 4900, currency: "cny" }]);

  // The buyer pays; Stripe tells the app, then sends the browser back.
  const subscription = await stack.pay(sessionId);
  await user.page.goto(String(session.success_url));
  await expect(user.page.getByTestId("current-plan-name")).toHaveText("专业版");
  await expect(user.page.getByRole("table", { name: "付款记录" })).toContainText("¥49");

  // The operator has just signed in: a fresh session, so the refund needs no re-authentication.
  const { page } = operator;
  await signInThroughApi(page.request, ADMIN);
  const table = await filterOrdersByUser(page, buyer.email);
  await expect(table).toContainText("Stripe");
  await expect(table).toContainText("已支付");
  await expect(table).toContainText("¥49");

  await table.getByRole("link", { name: /^\d{8}-[0-9A-F]{8}$/ }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel("退款金额（元）")).toHaveValue("49.00");
  await page.getByLabel("退款原因").fill("用户申请全额退款（Stripe）");
  await page.getByRole("button", { name: "退款", exact: true }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`将通过Stripe向 ${buyer.email} 退还 ¥49。全额退款后`);
  await dialog.getByRole("button", { name: "确认退款" }).click();
  await expect(toastRegion(page)).toContainText("已退款 ¥49");
  await expect(page.getByText("该订单没有可退金额（未支付或已全额退款）。")).toBeVisible();
  await expect(page.getByRole("table", { name: "付款与退款记录" })).toContainText("-¥49");

  // Stripe has exactly one refund, of the first invoice's PaymentIntent, for the whole amount …
  const intent = [...stack.stripe.paymentIntents.values()].find((candidate) => candidate.invoice === session.invoice);
  expect(intent).toBeDefined();
  const refunds = [...stack.stripe.refunds.values()];
  expect(refunds).toHaveLength(1);
  expect(refunds[0]).toMatchObject({ payment_intent: intent!.id, amount: 4900, status: "succeeded" });
  const requests = page.getByRole("table", { name: "退款申请" });
  await expect(requests).toContainText("用户申请全额退款（Stripe）");
  await expect(requests).toContainText(refunds[0]!.id);
  // … and the subscription is canceled there, or Stripe would renew it next month.
  expect(stack.stripe.subscriptions.get(subscription.id)?.status).toBe("canceled");

  await user.page.goto("/dashboard/settings/billing");
  await expect(user.page.getByTestId("current-plan-name")).toHaveText("免费版");
  const history = user.page.getByRole("table", { name: "付款记录" });
  await expect(history).toContainText("退款");
  await expect(history).toContainText("-¥49");
  await operator.context.close();
  await user.context.close();
});

test("a webhook signed with another secret is refused and changes nothing", async () => {
  const forged = await stack.deliver("checkout.session.completed", { id: "cs_test_forged", object: "checkout.session" }, "whsec_forged");
  expect(forged).toEqual({ status: 400, body: { statusCode: 400, message: "Webhook 签名无效" } });
});
