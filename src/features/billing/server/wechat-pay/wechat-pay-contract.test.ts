import { createVerify, generateKeyPairSync, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutOrders, checkoutRefunds, openDatabase, payments, subscriptions, type DatabaseHandle } from "@/lib/db";
import { createTestDatabase, testTargetKinds, type TestDatabase } from "../../../../../test/database-targets";
import { changeSubscription } from "../billing-actions";
import { createPaymentProviders } from "../providers";
import { getSubscriptionSummary } from "../subscription-summary";
import { WechatPayClient } from "./client";
import { wechatPaySetupFromEnv, type WechatPaySetup } from "./config";
import { handleWechatPayNotification } from "./notification";
import { closeExpiredWechatPayOrder, createWechatPayOrder, ORDER_TIMEOUT_MS, syncWechatPayOrder, type WechatPayOrder } from "./orders";
import { refundOrder } from "../refunds";
import { wechatPayRefundGateway } from "./refunds";
import { rsaSign } from "./signatures";
import { FakeWechatPay } from "./testing/fake-wechat-pay";
import { makeWechatPayTestKeys } from "./testing/test-keys";
import { serveNotifications } from "./testing/notify-server";

const MCH_ID = "1900000109";
const APP_ID = "wxd678efh567hg6787";

describe.each(testTargetKinds())("微信支付 provider against a fake WeChat Pay API v3 on %s", (kind) => {
  const keys = makeWechatPayTestKeys();
  const fake = new FakeWechatPay({
    mchId: MCH_ID,
    appId: APP_ID,
    merchantSerialNo: keys.merchant.serialNo,
    merchantPublicKey: keys.merchant.publicKey,
    apiV3Key: keys.apiV3Key,
    platformPrivateKey: keys.platform.privateKey,
    platformSerial: keys.platform.serial,
    platformCertificatePem: keys.platform.certificatePem,
  });
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  let site: Awaited<ReturnType<typeof serveNotifications>>;
  let setup: WechatPaySetup;
  let client: WechatPayClient;
  const [alice, bob, carol] = [randomUUID(), randomUUID(), randomUUID()];

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    handle = await openDatabase(testDb.target);
    const apiBase = await fake.start();
    site = await serveNotifications((request) => handleWechatPayNotification(request, client, handle.db));
    // Through the same parser as production, in platform-certificate mode (no WECHAT_PAY_PLATFORM_PUBLIC_KEY).
    setup = wechatPaySetupFromEnv({
      SITE_URL: site.siteUrl,
      WECHAT_PAY_MCH_ID: MCH_ID,
      WECHAT_PAY_APP_ID: APP_ID,
      WECHAT_PAY_MCH_SERIAL_NO: keys.merchant.serialNo,
      WECHAT_PAY_PRIVATE_KEY: keys.merchant.privatePem.replace(/\n/g, "\\n"),
      WECHAT_PAY_API_V3_KEY: keys.apiV3Key,
      WECHAT_PAY_API_BASE: apiBase,
    })!;
    client = new WechatPayClient(setup);
  });
  afterAll(async () => {
    await fake.stop();
    await site.close();
    await handle.close();
    await testDb.dispose();
  });

  const summary = (userId: string, now = new Date()) => getSubscriptionSummary(handle.db, userId, now);
  const orderRow = async (orderId: string) => (await handle.db.select().from(checkoutOrders).where(eq(checkoutOrders.id, orderId)))[0]!;
  const paymentsOf = (userId: string) => handle.db.select().from(payments).where(eq(payments.userId, userId));
  const subscriptionOf = async (userId: string) => (await handle.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
  const notifyUrl = () => `${site.siteUrl}/api/webhooks/wechat-pay`;
  let aliceOrder: WechatPayOrder;
  let bobOrder: WechatPayOrder;

  it("Native: the order is accepted by the fake, signed; the platform certificate was downloaded and checked", async () => {
    aliceOrder = await createWechatPayOrder(handle.db, client, { userId: alice, planId: "pro", interval: "month", method: "native" });
    expect(aliceOrder).toMatchObject({ method: "native", amount: 4900, codeUrl: expect.stringMatching(/^weixin:\/\/wxpay\/bizpayurl\?pr=/) });
    expect(aliceOrder.outTradeNo).toMatch(/^[0-9a-f]{32}$/);
    expect(fake.requests.map((request) => [request.method, request.path.split("?")[0], request.authorized])).toEqual([
      ["POST", "/v3/pay/transactions/native", true],
      ["GET", "/v3/certificates", true],
    ]);
    expect(fake.transactions.get(aliceOrder.outTradeNo)!.request).toMatchObject({
      appid: APP_ID,
      mchid: MCH_ID,
      description: "思维火花 专业版（月付）",
      notify_url: notifyUrl(),
      amount: { total: 4900, currency: "CNY" },
      time_expire: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/),
    });
    expect(await orderRow(aliceOrder.orderId)).toMatchObject({ provider: "wechat_pay", status: "pending", amount: 4900, userId: alice });
  });

  it("H5 and JSAPI: h5_url; prepay_id with getBrandWCPayRequest parameters signed by the merchant key", async () => {
    const h5 = await createWechatPayOrder(handle.db, client, { userId: carol, planId: "team", interval: "year", method: "h5", clientIp: "203.0.113.7" });
    expect(h5).toMatchObject({ method: "h5", h5Url: expect.stringContaining("https://wx.tenpay.com/") });
    expect(fake.transactions.get(h5.outTradeNo)!.request.scene_info).toEqual({ payer_client_ip: "203.0.113.7", h5_info: { type: "Wap" } });

    const jsapi = await createWechatPayOrder(handle.db, client, { userId: carol, planId: "pro", interval: "month", method: "jsapi", openid: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o" });
    if (jsapi.method !== "jsapi") throw new Error("expected jsapi");
    expect(fake.transactions.get(jsapi.outTradeNo)!.request.payer).toEqual({ openid: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o" });
    const params = jsapi.payParams;
    expect(params).toMatchObject({ appId: APP_ID, package: `prepay_id=${jsapi.prepayId}`, signType: "RSA", timeStamp: expect.stringMatching(/^\d{10}$/) });
    const message = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    expect(createVerify("RSA-SHA256").update(message).verify(keys.merchant.publicKey, params.paySign, "base64")).toBe(true);

    await expect(createWechatPayOrder(handle.db, client, { userId: carol, planId: "pro", interval: "month", method: "jsapi" })).rejects.toMatchObject({ statusCode: 400 });
    await expect(createWechatPayOrder(handle.db, client, { userId: carol, planId: "free", interval: "month", method: "native" })).rejects.toMatchObject({ statusCode: 400 });
  });

  it("a response whose signature does not verify is not trusted: 502 and our order is closed", async () => {
    fake.tamperNextResponse = true;
    const before = fake.transactions.size;
    await expect(createWechatPayOrder(handle.db, client, { userId: carol, planId: "pro", interval: "month", method: "native" })).rejects.toMatchObject({ statusCode: 502 });
    expect(fake.transactions.size).toBe(before + 1);
    const [latest] = (await handle.db.select().from(checkoutOrders).where(eq(checkoutOrders.userId, carol))).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    expect(latest!.status).toBe("canceled");
  });

  it("paid → the signed, encrypted notification activates the plan once; a repeat changes nothing", async () => {
    expect((await summary(alice)).plan.id).toBe("free");
    expect(await fake.payAndNotify(aliceOrder.outTradeNo)).toEqual({ status: 204, body: "" });
    expect(await summary(alice)).toMatchObject({ plan: { id: "pro" }, status: "active", provider: "wechat_pay", cancelAtPeriodEnd: true });
    expect(await orderRow(aliceOrder.orderId)).toMatchObject({ status: "paid", providerSessionId: fake.transactions.get(aliceOrder.outTradeNo)!.transaction_id });
    const before = await subscriptionOf(alice);
    const again = fake.notification("TRANSACTION.SUCCESS", fake.transactionView(aliceOrder.outTradeNo));
    expect((await fake.deliver(notifyUrl(), again)).status).toBe(204);
    expect(await subscriptionOf(alice)).toEqual(before);
    expect(await paymentsOf(alice)).toMatchObject([{ provider: "wechat_pay", amount: 4900, reason: "checkout", providerPaymentId: `wechat_pay:${fake.transactions.get(aliceOrder.outTradeNo)!.transaction_id}` }]);

    // A one-off period: there is nothing to resume (the page would claim it renews by itself).
    const providers = createPaymentProviders({ localTestMode: true });
    await expect(changeSubscription(handle.db, alice, { action: "resume" }, { providers })).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining("微信支付") });
    expect(await subscriptionOf(alice)).toEqual(before);
  });

  it("refuses a wrong signature, a stale timestamp, a wrong key, a wrong amount, an unknown order or another merchant — nothing changes", async () => {
    bobOrder = await createWechatPayOrder(handle.db, client, { userId: bob, planId: "pro", interval: "month", method: "native" });
    fake.pay(bobOrder.outTradeNo);
    const paid = fake.transactionView(bobOrder.outTradeNo);
    const send = (notification: { headers: Record<string, string>; body: string }) => fake.deliver(notifyUrl(), notification);

    const forged = fake.notification("TRANSACTION.SUCCESS", paid);
    forged.headers["Wechatpay-Signature"] = rsaSign(forged.body, generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey);
    expect(await send(forged)).toEqual({ status: 401, body: JSON.stringify({ code: "FAIL", message: "签名无效" }) });

    const tampered = fake.notification("TRANSACTION.SUCCESS", paid);
    expect((await send({ ...tampered, body: tampered.body.replace('"event_type"', '"event_type" ') })).status).toBe(401);
    expect((await send({ ...tampered, headers: { ...tampered.headers, "Wechatpay-Serial": "0000" } })).status).toBe(401);
    expect((await send(fake.notification("TRANSACTION.SUCCESS", paid, { timestamp: Math.floor(Date.now() / 1000) - 301 }))).status).toBe(401);
    expect((await send(fake.notification("TRANSACTION.SUCCESS", paid, { apiV3Key: "ffffffffffffffffffffffffffffffff" }))).status).toBe(400);
    expect(await send(fake.notification("TRANSACTION.SUCCESS", { ...paid, amount: { total: 1, currency: "CNY" } }))).toEqual({ status: 400, body: JSON.stringify({ code: "FAIL", message: "金额与订单不符" }) });
    expect((await send(fake.notification("TRANSACTION.SUCCESS", { ...paid, out_trade_no: randomUUID().replace(/-/g, "") }))).status).toBe(404);
    expect((await send(fake.notification("TRANSACTION.SUCCESS", { ...paid, out_trade_no: aliceOrder.outTradeNo.toUpperCase() }))).status).toBe(404);
    expect((await send(fake.notification("TRANSACTION.SUCCESS", { ...paid, mchid: "1900000110" }))).status).toBe(400);
    expect((await send(fake.notification("TRANSACTION.SUCCESS", { ...paid, appid: "wx0000000000000000" }))).status).toBe(400);
    const noAppId = { ...paid };
    delete noAppId.appid;
    expect((await send(fake.notification("TRANSACTION.SUCCESS", noAppId))).status).toBe(400);

    const huge = fake.notification("TRANSACTION.SUCCESS", { ...paid, padding: "x".repeat(70_000) });
    expect((await send(huge)).status).toBe(413);

    expect((await summary(bob)).plan.id).toBe("free");
    expect(await orderRow(bobOrder.orderId)).toMatchObject({ status: "pending" });
    expect(await paymentsOf(bob)).toEqual([]);
  });

  it("a query settles a paid order without any notification; another user's order is missing", async () => {
    await expect(syncWechatPayOrder(handle.db, client, alice, bobOrder.orderId)).rejects.toMatchObject({ statusCode: 404 });
    await expect(syncWechatPayOrder(handle.db, client, bob, randomUUID())).rejects.toMatchObject({ statusCode: 404 });
    // An order WeChat has not heard of (its creation call was lost) is simply not paid yet.
    const lost = await createWechatPayOrder(handle.db, client, { userId: carol, planId: "pro", interval: "month", method: "native" });
    fake.transactions.delete(lost.outTradeNo);
    expect((await syncWechatPayOrder(handle.db, client, carol, lost.orderId)).outcome).toBe("not-paid");
    fake.tamperNextResponse = true;
    await expect(syncWechatPayOrder(handle.db, client, carol, lost.orderId)).rejects.toMatchObject({ statusCode: 502 });
    expect((await syncWechatPayOrder(handle.db, client, bob, bobOrder.orderId)).outcome).toBe("activated");
    expect((await summary(bob)).plan.id).toBe("pro");
    expect((await syncWechatPayOrder(handle.db, client, bob, bobOrder.orderId)).outcome).toBe("already-paid");
    expect(await paymentsOf(bob)).toHaveLength(1);
  });

  it("an unpaid order is closed after its timeout (not before)", async () => {
    const order = await createWechatPayOrder(handle.db, client, { userId: carol, planId: "pro", interval: "month", method: "native" });
    await expect(closeExpiredWechatPayOrder(handle.db, client, order.orderId)).rejects.toMatchObject({ statusCode: 409 });
    const later = new Date(Date.now() + ORDER_TIMEOUT_MS + 60_000);
    expect(await closeExpiredWechatPayOrder(handle.db, client, order.orderId, later)).toBe("canceled");
    expect(fake.transactions.get(order.outTradeNo)!.trade_state).toBe("CLOSED");
    expect(fake.requests.at(-1)).toMatchObject({ method: "POST", path: `/v3/pay/transactions/out-trade-no/${order.outTradeNo}/close`, authorized: true });
    expect((await orderRow(order.orderId)).status).toBe("canceled");
    expect((await summary(carol)).plan.id).toBe("free");
  });

  it("a partial refund shortens the period by its share once; a full refund ends the plan", async () => {
    const before = (await subscriptionOf(alice))!;
    // Through billing's one refund logic (refunds/refund-order.ts) with 微信支付's gateway.
    const operator = { userId: randomUUID(), ip: null };
    const refundOf = (orderId: string, amount: number) => refundOrder(handle.db, orderId, amount, "用户申请", operator, { gateways: { wechat_pay: wechatPayRefundGateway(client) } });
    const refund = await refundOf(aliceOrder.orderId, 1225);
    const outRefundNo = refund.refundId.replace(/-/g, "");
    expect(refund.status).toBe("pending");
    expect(fake.refunds.get(outRefundNo)).toMatchObject({ amount: { refund: 1225, total: 4900 }, notify_url: notifyUrl() });
    expect((await subscriptionOf(alice))!.currentPeriodEnd).toEqual(before.currentPeriodEnd);
    // Pending counts against what is left.
    await expect(refundOf(aliceOrder.orderId, 3676)).rejects.toMatchObject({ statusCode: 400 });

    expect((await fake.completeRefund(outRefundNo)).status).toBe(204);
    const length = before.currentPeriodEnd!.getTime() - before.currentPeriodStart!.getTime();
    const shortened = (await subscriptionOf(alice))!;
    expect(shortened.currentPeriodEnd!.getTime()).toBe(before.currentPeriodEnd!.getTime() - Math.floor(length / 4));
    expect(shortened.status).toBe("active");
    // The notification repeated changes nothing: no second ledger row, no second shortening.
    expect((await fake.completeRefund(outRefundNo)).status).toBe(204);
    expect(await subscriptionOf(alice)).toEqual(shortened);
    expect((await paymentsOf(alice)).filter((row) => row.reason === "refund").map((row) => row.amount)).toEqual([-1225]);

    await expect(refundOf(bobOrder.orderId, 4901)).rejects.toMatchObject({ statusCode: 400 });
    const full = await refundOf(bobOrder.orderId, 4900);
    expect(fake.refunds.get(full.refundId.replace(/-/g, ""))!.amount).toEqual({ refund: 4900, total: 4900 });
    expect((await fake.completeRefund(full.refundId.replace(/-/g, ""))).status).toBe(204);
    expect(await summary(bob)).toMatchObject({ plan: { id: "free" } });
    expect((await subscriptionOf(bob))!.status).toBe("canceled");
  });

  it("a renewal extends the period from its end (not from now); refunding it shortens from the end by its own period", async () => {
    const dave = randomUUID();
    const first = await createWechatPayOrder(handle.db, client, { userId: dave, planId: "pro", interval: "month", method: "native" });
    expect((await fake.payAndNotify(first.outTradeNo)).status).toBe(204);
    const bought = (await subscriptionOf(dave))!;
    const renewal = await createWechatPayOrder(handle.db, client, { userId: dave, planId: "pro", interval: "year", method: "native" });
    expect((await fake.payAndNotify(renewal.outTradeNo)).status).toBe(204);
    const firstRow = await orderRow(first.orderId);
    const renewalRow = await orderRow(renewal.orderId);
    expect(firstRow.periodStart).toEqual(bought.currentPeriodStart);
    expect(renewalRow.periodStart).toEqual(bought.currentPeriodEnd);
    const extended = (await subscriptionOf(dave))!;
    expect(extended).toMatchObject({ currentPeriodStart: bought.currentPeriodStart, currentPeriodEnd: renewalRow.periodEnd, interval: "year", status: "active" });
    expect(renewalRow.periodEnd!.getTime() - bought.currentPeriodEnd!.getTime()).toBeGreaterThan(364 * 86_400_000);

    // A full refund of the renewal takes back exactly the year it bought: the first month stays.
    const refund = await refundOrder(handle.db, renewal.orderId, renewalRow.amount, "用户申请", { userId: randomUUID(), ip: null }, { gateways: { wechat_pay: wechatPayRefundGateway(client) } });
    expect((await fake.completeRefund(refund.refundId.replace(/-/g, ""))).status).toBe(204);
    expect(await subscriptionOf(dave)).toMatchObject({ status: "active", currentPeriodEnd: bought.currentPeriodEnd });
  });

  it("a refund notification for an order that is not ours, or with another amount, is refused", async () => {
    const resource = { mchid: MCH_ID, out_trade_no: randomUUID().replace(/-/g, ""), out_refund_no: "x_1", refund_status: "SUCCESS", amount: { total: 4900, refund: 4900 } };
    expect((await fake.deliver(notifyUrl(), fake.notification("REFUND.SUCCESS", resource))).status).toBe(404);
    const wrongTotal = { ...resource, out_trade_no: aliceOrder.outTradeNo, amount: { total: 100, refund: 100 } };
    expect((await fake.deliver(notifyUrl(), fake.notification("REFUND.SUCCESS", wrongTotal))).status).toBe(400);
    const otherMerchant = { ...resource, out_trade_no: aliceOrder.outTradeNo, mchid: "1900000110", amount: { total: 4900, refund: 4900 } };
    expect((await fake.deliver(notifyUrl(), fake.notification("REFUND.SUCCESS", otherMerchant))).status).toBe(400);
    const noMerchant: Record<string, unknown> = { ...otherMerchant };
    delete noMerchant.mchid;
    expect((await fake.deliver(notifyUrl(), fake.notification("REFUND.SUCCESS", noMerchant))).status).toBe(400);
    // A refund we did not ask for (made in the merchant platform): not applied.
    const notOurs = { ...resource, out_trade_no: aliceOrder.outTradeNo, out_refund_no: randomUUID().replace(/-/g, "") };
    expect((await fake.deliver(notifyUrl(), fake.notification("REFUND.SUCCESS", notOurs))).status).toBe(404);
    expect((await subscriptionOf(alice))!.status).toBe("active");
  });

  it("a refund WeChat closes (REFUND.ABNORMAL) is marked failed and its amount can be refunded again", async () => {
    const gateways = { wechat_pay: wechatPayRefundGateway(client) };
    const operator = { userId: randomUUID(), ip: null };
    const before = await subscriptionOf(alice);
    const refund = await refundOrder(handle.db, aliceOrder.orderId, 100, "试退", operator, { gateways });
    const outRefundNo = refund.refundId.replace(/-/g, "");
    const abnormal = { mchid: MCH_ID, out_trade_no: aliceOrder.outTradeNo, out_refund_no: outRefundNo, refund_status: "ABNORMAL", amount: { total: 4900, refund: 100 } };
    expect((await fake.deliver(notifyUrl(), fake.notification("REFUND.ABNORMAL", abnormal))).status).toBe(204);
    const [row] = await handle.db.select().from(checkoutRefunds).where(eq(checkoutRefunds.id, refund.refundId));
    expect(row).toMatchObject({ status: "failed" });
    // A SUCCESS arriving after it changes nothing either.
    expect((await fake.deliver(notifyUrl(), fake.notification("REFUND.SUCCESS", { ...abnormal, refund_status: "SUCCESS" }))).status).toBe(204);
    expect(await subscriptionOf(alice)).toEqual(before);
    // The fake still counts the closed refund: its refusal is answered in Chinese and nothing is kept here.
    await expect(refundOrder(handle.db, aliceOrder.orderId, 3675, "余额", operator, { gateways })).rejects.toMatchObject({ statusCode: 502, message: "微信支付退款失败：退款金额错误" });
    expect((await handle.db.select().from(checkoutRefunds).where(eq(checkoutRefunds.orderId, aliceOrder.orderId))).map((r) => r.status).sort()).toEqual(["failed", "succeeded"]);
    fake.refunds.delete(outRefundNo);
    expect(await refundOrder(handle.db, aliceOrder.orderId, 3675, "余额", operator, { gateways })).toMatchObject({ status: "pending", remaining: 0 });
  });

  it("a request the fake cannot verify (another merchant key) is refused by it", async () => {
    const other = new WechatPayClient({ ...setup, privateKey: generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey });
    await expect(other.request("GET", `/v3/pay/transactions/out-trade-no/${aliceOrder.outTradeNo}?mchid=${MCH_ID}`)).rejects.toMatchObject({ status: 401, code: "SIGN_ERROR" });
  });
});

describe("微信支付公钥 mode", () => {
  const keys = makeWechatPayTestKeys();
  const keyId = "PUB_KEY_ID_0119000001092025110100000000000001";
  const fake = new FakeWechatPay({ mchId: MCH_ID, appId: APP_ID, merchantSerialNo: keys.merchant.serialNo, merchantPublicKey: keys.merchant.publicKey, apiV3Key: keys.apiV3Key, platformPrivateKey: keys.platform.privateKey, platformSerial: keyId });
  let apiBase = "";
  const env = () => ({
    SITE_URL: "http://localhost:3000/",
    WECHAT_PAY_MCH_ID: MCH_ID,
    WECHAT_PAY_APP_ID: APP_ID,
    WECHAT_PAY_MCH_SERIAL_NO: keys.merchant.serialNo,
    WECHAT_PAY_PRIVATE_KEY: keys.merchant.privatePem,
    WECHAT_PAY_API_V3_KEY: keys.apiV3Key,
    WECHAT_PAY_PLATFORM_PUBLIC_KEY: keys.platform.publicPem,
    WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID: keyId,
    WECHAT_PAY_API_BASE: apiBase,
  });
  beforeAll(async () => {
    apiBase = await fake.start();
  });
  afterAll(() => fake.stop());

  it("verifies answers with the configured public key, without downloading certificates", async () => {
    const setup = wechatPaySetupFromEnv(env())!;
    expect(setup).toMatchObject({ platform: { mode: "public-key", keyId }, notifyUrl: "http://localhost:3000/api/webhooks/wechat-pay" });
    const client = new WechatPayClient(setup);
    const { status } = await client.request("POST", "/v3/pay/transactions/native", { appid: APP_ID, mchid: MCH_ID, description: "测试", out_trade_no: "order_123456", notify_url: setup.notifyUrl, amount: { total: 1, currency: "CNY" } });
    expect(status).toBe(200);
    expect(fake.requests.map((request) => request.path)).toEqual(["/v3/pay/transactions/native"]);
    fake.tamperNextResponse = true;
    await expect(client.request("GET", `/v3/pay/transactions/out-trade-no/order_123456?mchid=${MCH_ID}`)).rejects.toMatchObject({ status: 502 });
  });

  it("config: unset → absent; partial or invalid → a Chinese error naming the variables", () => {
    expect(wechatPaySetupFromEnv({ SITE_URL: "http://localhost:3000" })).toBeNull();
    expect(() => wechatPaySetupFromEnv({ ...env(), WECHAT_PAY_API_V3_KEY: "short" })).toThrow(/WECHAT_PAY_API_V3_KEY: APIv3 密钥必须是 32 个字节/);
    expect(() => wechatPaySetupFromEnv({ ...env(), WECHAT_PAY_PRIVATE_KEY: "not a key" })).toThrow(/商户 API 私钥不是有效的 PEM/);
    expect(() => wechatPaySetupFromEnv({ ...env(), WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID: undefined })).toThrow(/需同时设置/);
    expect(() => wechatPaySetupFromEnv({ ...env(), WECHAT_PAY_APP_ID: undefined })).toThrow(/微信支付配置无效/);
  });
});
