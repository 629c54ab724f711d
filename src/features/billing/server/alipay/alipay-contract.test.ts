import { generateKeyPairSync, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutOrders, openDatabase, payments, subscriptions, type DatabaseHandle } from "@/lib/db";
import { createTestDatabase, testTargetKinds, type TestDatabase } from "../../../../../test/database-targets";
import { SEED_PLANS } from "../plan-seed";
import { changeSubscription } from "../billing-actions";
import { listPayments } from "../payments";
import { createPaymentProviders } from "../providers";
import { getSubscriptionSummary } from "../subscription-summary";
import { closeExpiredAlipayOrders } from "./close-expired";
import { createAlipaySetup, type AlipaySetup } from "./config";
import { createAlipayPayment, type AlipayPayment } from "./create-payment";
import { outTradeNoOf } from "./money";
import { handleAlipayNotification, handleAlipayNotifyRequest } from "./notify";
import { syncAlipayOrder } from "./query";
import { refundOrder } from "../refunds";
import { alipayRefundGateway } from "./refund";
import { FakeAlipay } from "./testing/fake-alipay";
import { postWalletEntry, walletBalance, walletLedgerEntries } from "@/features/wallet/server";
import { TOPUP_PLAN_ID } from "../../topup";
import { startTopUp } from "../topup-orders";

const APP_ID = "2021000000000001";
// A fresh database's plans are the seed's.
const seedPlan = (id: string) => SEED_PLANS.find((plan) => plan.id === id)!;
const pro = seedPlan("pro");

/** RSA key pairs made for this run only: the app's (we sign) and "Alipay's" (the fake signs). */
function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    pkcs1: privateKey.export({ type: "pkcs1", format: "pem" }).toString(),
    publicKey: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
}

describe.each(testTargetKinds())("Alipay provider against a fake Alipay gateway on %s", (kind) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  let fake: FakeAlipay;
  let setup: AlipaySetup;
  let site: Server;
  const app = keyPair();
  const alipay = keyPair();
  const stranger = keyPair();

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    handle = await openDatabase(testDb.target);
    fake = new FakeAlipay({ appId: APP_ID, appPublicKey: app.publicKey, alipayPrivateKey: alipay.privateKey });
    const gateway = await fake.start();
    // Our side of notify_url: a tiny server in front of the route's handler.
    site = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const answer = await handleAlipayNotifyRequest(
        new Request(`http://127.0.0.1${request.url}`, { method: "POST", body: Buffer.concat(chunks), headers: { "content-type": String(request.headers["content-type"]) } }),
        setup,
        handle.db,
      );
      response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "text/plain" });
      response.end(await answer.text());
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    setup = createAlipaySetup({ appId: APP_ID, privateKey: app.privateKey, publicKey: alipay.publicKey, gateway, orderTimeout: "15m", siteUrl });
  });
  afterAll(async () => {
    await fake.stop();
    await new Promise<void>((resolve) => site.close(() => resolve()));
    await handle.close();
    await testDb.dispose();
  });

  const qrOrder = (userId: string) => createAlipayPayment(handle.db, setup, { userId, plan: pro, interval: "month", method: "qr" });
  const outTradeNo = (payment: AlipayPayment) => outTradeNoOf({ id: payment.orderId });
  const orderOf = async (id: string) => (await handle.db.select().from(checkoutOrders).where(eq(checkoutOrders.id, id)))[0]!;
  const subscriptionOf = async (userId: string) => (await handle.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

  it("当面付 precreate: a signed request accepted by the gateway, the amount from our plan price in yuan", async () => {
    const userId = randomUUID();
    const payment = await qrOrder(userId);
    expect(payment).toMatchObject({ method: "qr", amount: 4900 });
    if (payment.method !== "qr") throw new Error("expected a QR payment");
    expect(payment.qrCode).toMatch(/^https:\/\/qr\.alipay\.test\//);
    const request = fake.requests.at(-1)!;
    expect(request.method).toBe("alipay.trade.precreate");
    expect(request.params.notify_url).toMatch(/\/api\/webhooks\/alipay$/);
    expect(request.bizContent).toMatchObject({ out_trade_no: outTradeNo(payment), total_amount: "49.00" });
    expect(outTradeNo(payment)).toMatch(/^[0-9a-f]{32}$/);
    await expect(createAlipayPayment(handle.db, setup, { userId, plan: seedPlan("free"), interval: "month", method: "qr" })).rejects.toMatchObject({ statusCode: 400 });
    expect(await orderOf(payment.orderId)).toMatchObject({ provider: "alipay", status: "pending", amount: 4900, userId });
  });

  it("电脑网站支付 and 手机网站支付: signed gateway URLs the fake accepts (it verifies the signature)", async () => {
    for (const [method, productCode] of [["page", "FAST_INSTANT_TRADE_PAY"], ["wap", "QUICK_WAP_WAY"]] as const) {
      const payment = await createAlipayPayment(handle.db, setup, { userId: randomUUID(), plan: pro, interval: "year", method });
      if (payment.method === "qr") throw new Error("expected a redirect");
      const response = await fetch(payment.url);
      expect(await response.text()).toContain("支付宝收银台");
      const request = fake.requests.at(-1)!;
      expect(request).toMatchObject({ method: `alipay.trade.${method}.pay`, bizContent: { product_code: productCode, total_amount: "490.00" } });
      expect(request.params.return_url).toMatch(/\/dashboard\/settings\/billing\?checkout=alipay$/);
    }
    // A URL with its amount changed no longer verifies.
    const payment = await createAlipayPayment(handle.db, setup, { userId: randomUUID(), plan: pro, interval: "month", method: "page" });
    if (payment.method === "qr") throw new Error("expected a redirect");
    const tampered = await fetch(payment.url.replace(encodeURIComponent('"49.00"'), encodeURIComponent('"0.01"')));
    expect(await tampered.text()).toContain("isv.invalid-signature");
  });

  it("a paid trade's notification activates the plan once; a repeat changes nothing", async () => {
    const userId = randomUUID();
    const payment = await qrOrder(userId);
    fake.pay(outTradeNo(payment));
    const body = fake.notification(outTradeNo(payment));
    expect(await fake.notify(outTradeNo(payment), body)).toBe("success");

    const summary = await getSubscriptionSummary(handle.db, userId);
    expect(summary).toMatchObject({ plan: { id: "pro" }, status: "active", provider: "alipay", cancelAtPeriodEnd: true });
    expect(await orderOf(payment.orderId)).toMatchObject({ status: "paid", providerSessionId: fake.trades.get(outTradeNo(payment))!.tradeNo });
    const before = await subscriptionOf(userId);

    expect(await fake.notify(outTradeNo(payment), body)).toBe("success");
    expect(await fake.notify(outTradeNo(payment))).toBe("success");
    expect(await subscriptionOf(userId)).toEqual(before);
    expect(await listPayments(handle.db, userId)).toMatchObject([{ provider: "alipay", amount: 4900, reason: "checkout" }]);
  });

  it("refused with fail and nothing changes: wrong signature, tampered or wrong amount, unknown order, other app_id", async () => {
    const userId = randomUUID();
    const payment = await qrOrder(userId);
    const no = outTradeNo(payment);
    fake.pay(no);
    const cases: [string, string][] = [
      ["bad_signature", fake.notification(no, { signWith: stranger.privateKey })],
      ["bad_signature", fake.notification(no, { overrides: { total_amount: "0.01" } })],
      ["bad_signature", fake.notification(no).replace(/&sign=[^&]+/, "")],
      ["amount_mismatch", fake.notification(no, { overrides: { total_amount: "0.01" }, signOverrides: true })],
      ["amount_mismatch", fake.notification(no, { overrides: { total_amount: "49.001" }, signOverrides: true })],
      ["unknown_order", fake.notification(no, { overrides: { out_trade_no: randomUUID().replace(/-/g, "") }, signOverrides: true })],
      ["unknown_order", fake.notification(no, { overrides: { out_trade_no: "../../etc" }, signOverrides: true })],
      ["wrong_app", fake.notification(no, { overrides: { app_id: "2021000000000999" }, signOverrides: true })],
    ];
    for (const [outcome, body] of cases) {
      expect(await handleAlipayNotification(handle.db, setup, body)).toEqual({ answer: "fail", outcome });
      expect(await fake.notify(no, body)).toBe("fail");
    }
    expect(await handleAlipayNotification(handle.db, setup, "x".repeat(20_000))).toEqual({ answer: "fail", outcome: "too_large" });
    const huge = new Request("http://localhost/api/webhooks/alipay", { method: "POST", body: `${fake.notification(no)}&pad=${"x".repeat(20_000)}` });
    expect(await (await handleAlipayNotifyRequest(huge, setup, handle.db)).text()).toBe("fail");
    const unconfigured = new Request("http://localhost/api/webhooks/alipay", { method: "POST", body: fake.notification(no) });
    expect(await (await handleAlipayNotifyRequest(unconfigured, null, handle.db)).text()).toBe("fail");
    expect((await orderOf(payment.orderId)).status).toBe("pending");
    expect(await subscriptionOf(userId)).toBeUndefined();
    expect(await listPayments(handle.db, userId)).toEqual([]);
  });

  it("a return without a notification: the query settles the paid order (another user's order is not found)", async () => {
    const userId = randomUUID();
    const payment = await qrOrder(userId);
    expect(await syncAlipayOrder(handle.db, setup, userId, payment.orderId)).toEqual({ status: "pending", outcome: "waiting" });
    fake.pay(outTradeNo(payment));
    await expect(syncAlipayOrder(handle.db, setup, randomUUID(), payment.orderId)).rejects.toMatchObject({ statusCode: 404 });
    expect(await syncAlipayOrder(handle.db, setup, userId, payment.orderId)).toEqual({ status: "paid", outcome: "activated" });
    expect((await getSubscriptionSummary(handle.db, userId)).plan.id).toBe("pro");
    // The late notification changes nothing.
    expect(await fake.notify(outTradeNo(payment))).toBe("success");
    expect(await listPayments(handle.db, userId)).toHaveLength(1);
  });

  it("unpaid orders are closed after the timeout, at Alipay and here", async () => {
    const userId = randomUUID();
    const payment = await qrOrder(userId);
    const paidMeanwhile = await qrOrder(userId);
    fake.pay(outTradeNo(paidMeanwhile));
    expect(await closeExpiredAlipayOrders(handle.db, setup, new Date(Date.now() + 5 * 60_000))).toBe(0);

    const later = new Date(Date.now() + 16 * 60_000);
    expect(await closeExpiredAlipayOrders(handle.db, setup, later)).toBeGreaterThanOrEqual(1);
    expect((await orderOf(payment.orderId)).status).toBe("canceled");
    expect(fake.trades.get(outTradeNo(payment))!.status).toBe("TRADE_CLOSED");
    // Alipay refused to close the paid one: it was settled instead of lost.
    expect((await orderOf(paidMeanwhile.orderId)).status).toBe("paid");
    expect(await syncAlipayOrder(handle.db, setup, userId, payment.orderId, later)).toMatchObject({ status: "canceled" });
  });

  it("refunds: a partial refund shortens the period by its share, the rest ends the plan", async () => {
    const userId = randomUUID();
    const payment = await qrOrder(userId);
    fake.pay(outTradeNo(payment));
    expect(await fake.notify(outTradeNo(payment))).toBe("success");
    const [paid] = await handle.db.select().from(payments).where(eq(payments.userId, userId));
    const duration = paid!.periodEnd!.getTime() - paid!.periodStart!.getTime();

    // Through billing's one refund logic (refunds/refund-order.ts) with Alipay's gateway.
    const operator = { userId: randomUUID(), ip: null };
    const refund = (amount: number, requestId?: string) => refundOrder(handle.db, payment.orderId, amount, "用户申请", operator, { requestId, gateways: { alipay: alipayRefundGateway(setup) } });
    const partial = await refund(1225);
    expect(partial).toMatchObject({ status: "succeeded", remaining: 3675, planEnded: false });
    expect(fake.requests.at(-1)).toMatchObject({ method: "alipay.trade.refund", bizContent: { refund_amount: "12.25", out_request_no: partial.refundId.replace(/-/g, ""), refund_reason: "用户申请" } });
    const shortened = await subscriptionOf(userId);
    expect(paid!.periodEnd!.getTime() - shortened!.currentPeriodEnd!.getTime()).toBe(Math.floor(duration / 4));
    expect(shortened!.status).toBe("active");

    await expect(refund(3676)).rejects.toMatchObject({ statusCode: 400, message: "退款金额超过可退余额（最多 ¥36.75）" });
    const rest = await refund(3675);
    expect(rest).toMatchObject({ status: "succeeded", remaining: 0, planEnded: true });
    expect(fake.trades.get(outTradeNo(payment))!.status).toBe("TRADE_CLOSED");
    expect((await subscriptionOf(userId))!.status).toBe("canceled");
    expect((await getSubscriptionSummary(handle.db, userId)).plan.id).toBe("free");
    expect((await listPayments(handle.db, userId)).map((row) => [row.reason, row.amount]).sort()).toEqual([["checkout", 4900], ["refund", -1225], ["refund", -3675]]);
    // Alipay's TRADE_CLOSED notification after a full refund changes nothing.
    expect(await fake.notify(outTradeNo(payment))).toBe("success");
    expect((await subscriptionOf(userId))!.status).toBe("canceled");
  });

  it("余额充值: the notification delivered twice credits once; a refund takes back only what is unspent", async () => {
    const userId = randomUUID();
    const providers = createPaymentProviders({ alipay: setup });
    await startTopUp(handle.db, userId, { amountFen: 1000, method: "alipay_qr" }, { providers });
    const [order] = await handle.db.select().from(checkoutOrders).where(eq(checkoutOrders.userId, userId));
    expect(order).toMatchObject({ planId: TOPUP_PLAN_ID, amount: 1000, provider: "alipay", status: "pending" });
    expect(fake.requests.at(-1)).toMatchObject({ bizContent: { total_amount: "10.00", subject: "思维火花 余额充值 ¥10" } });
    const no = outTradeNoOf(order!);
    fake.pay(no);
    const body = fake.notification(no);
    expect(await fake.notify(no, body)).toBe("success");
    expect(await fake.notify(no, body)).toBe("success");
    expect(await walletBalance(handle.db, userId)).toBe(1000);
    expect((await walletLedgerEntries(handle.db, userId)).map((entry) => [entry.kind, entry.amountFen])).toEqual([["topup", 1000]]);
    expect(await listPayments(handle.db, userId)).toMatchObject([{ provider: "alipay", amount: 1000, reason: "checkout" }]);
    // No plan came with it.
    expect(await subscriptionOf(userId)).toBeUndefined();

    // ¥6.50 spent: at most ¥3.50 can go back, and the balance never goes below zero.
    await postWalletEntry(handle.db, { userId, kind: "spend", amountFen: -650, cause: "调用", reference: `test:${randomUUID()}` });
    const gateways = { alipay: alipayRefundGateway(setup) };
    const operator = { userId: randomUUID(), ip: null };
    await expect(refundOrder(handle.db, order!.id, 351, "用户申请", operator, { gateways })).rejects.toMatchObject({ statusCode: 400, message: "退款金额超过用户未使用的余额（最多 ¥3.50）" });
    expect(await walletBalance(handle.db, userId)).toBe(350);
    await refundOrder(handle.db, order!.id, 350, "用户申请", operator, { gateways });
    expect(fake.requests.at(-1)).toMatchObject({ method: "alipay.trade.refund", bizContent: { refund_amount: "3.50" } });
    expect(await walletBalance(handle.db, userId)).toBe(0);
    await expect(refundOrder(handle.db, order!.id, 1, "用户申请", operator, { gateways })).rejects.toMatchObject({ statusCode: 400, message: "这笔充值已用完，没有可退的余额" });
    expect((await walletLedgerEntries(handle.db, userId)).map((entry) => entry.kind)).toEqual(["refund", "spend", "topup"]);
  });

  it("refunds: Alipay's refusal is answered with its Chinese message and nothing changes here", async () => {
    const userId = randomUUID();
    const payment = await qrOrder(userId);
    fake.pay(outTradeNo(payment));
    expect(await fake.notify(outTradeNo(payment))).toBe("success");
    const before = await subscriptionOf(userId);
    // Alipay no longer knows the trade (e.g. refunded and archived by hand in the merchant portal).
    fake.trades.delete(outTradeNo(payment));
    const gateways = { alipay: alipayRefundGateway(setup) };
    await expect(refundOrder(handle.db, payment.orderId, 4900, "用户申请", { userId: randomUUID(), ip: null }, { gateways })).rejects.toMatchObject({ statusCode: 502, message: "支付宝退款失败：交易不存在" });
    expect(await subscriptionOf(userId)).toEqual(before);
    expect((await listPayments(handle.db, userId)).map((row) => row.reason)).toEqual(["checkout"]);
  });

  it("a renewal paid before the end extends the period; resuming auto-renewal is refused", async () => {
    const userId = randomUUID();
    for (let i = 0; i < 2; i++) {
      const payment = await qrOrder(userId);
      fake.pay(outTradeNo(payment));
      expect(await fake.notify(outTradeNo(payment))).toBe("success");
    }
    const rows = (await listPayments(handle.db, userId)).sort((a, b) => a.periodStart!.localeCompare(b.periodStart!));
    expect(rows[1]!.periodStart).toBe(rows[0]!.periodEnd);
    // Each order records the period it bought (refunds use it): the renewal's starts at the first's end.
    const orders = (await handle.db.select().from(checkoutOrders).where(eq(checkoutOrders.userId, userId))).sort((a, b) => a.periodStart!.getTime() - b.periodStart!.getTime());
    expect(orders.map((order) => [order.periodStart!.toISOString(), order.periodEnd!.toISOString()])).toEqual(rows.map((payment) => [payment.periodStart, payment.periodEnd]));
    const row = await subscriptionOf(userId);
    expect(row!.currentPeriodStart.toISOString()).toBe(rows[0]!.periodStart);
    expect(row!.currentPeriodEnd!.toISOString()).toBe(rows[1]!.periodEnd);
    const providers = createPaymentProviders({ localTestMode: true });
    await expect(changeSubscription(handle.db, userId, { action: "resume" }, { providers })).rejects.toMatchObject({ statusCode: 409 });
  });

  it("a PKCS#1 or bare base64 private key works too; a bad configuration is refused in Chinese", async () => {
    const bare = app.pkcs1.replace(/-----[A-Z ]+-----/g, "").replace(/\s/g, "");
    for (const privateKey of [app.pkcs1, bare]) {
      const other = createAlipaySetup({ appId: APP_ID, privateKey, publicKey: alipay.publicKey, gateway: setup.sdk.config.gateway, orderTimeout: "15m", siteUrl: "http://localhost:3000" });
      const payment = await createAlipayPayment(handle.db, other, { userId: randomUUID(), plan: pro, interval: "month", method: "qr" });
      expect(payment.method).toBe("qr");
    }
    expect(() => createAlipaySetup({ appId: "abc", privateKey: bare, publicKey: "x", gateway: "https://x", orderTimeout: "15m", siteUrl: "http://x" })).toThrow(/16 位数字/);
  });
});
