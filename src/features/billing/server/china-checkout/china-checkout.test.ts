import { generateKeyPairSync, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutOrders, openDatabase, type DatabaseHandle } from "@/lib/db";
import { createTestDatabase, testTargetKinds, type TestDatabase } from "../../../../../test/database-targets";
import { createAlipaySetup } from "../alipay";
import { FakeAlipay } from "../alipay/testing/fake-alipay";
import { startCheckout } from "../billing-actions";
import { createCheckoutOrder } from "../checkout-orders";
import { createPaymentProviders, type PaymentProviders, type PaymentSetup } from "../providers";
import { getSubscriptionSummary } from "../subscription-summary";
import { WechatPayClient, wechatPaySetupFromEnv } from "../wechat-pay";
import { FakeWechatPay } from "../wechat-pay/testing/fake-wechat-pay";
import { getPlanCatalog } from "../plan-catalog";
import { closeExpiredOrders } from "./close-expired-orders";
import { runExpiredOrdersJob } from "./expired-orders-job";
import { readCheckoutOrderView } from "./order-view";
import { wechatJsapiState, wechatMpOpenId } from "./payer";
import { showLocalOrderAsQr, simulateQrScan } from "../local/test-qr";

const rsa = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
const pem = (key: ReturnType<typeof rsa>) => ({
  privatePem: key.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  publicPem: key.publicKey.export({ type: "spki", format: "pem" }).toString(),
});
const MCH_ID = "1900000109";
const WX_APP_ID = "wxd678efh567hg6787";
const KEY_ID = "PUB_KEY_ID_0119000001092025110100000000000001";
const ALIPAY_APP_ID = "2021000000000001";
const SITE = "https://spark.example.cn";
const MINUTE = 60_000;

describe.each(testTargetKinds())("checkout with 微信支付 / 支付宝 on %s", (kind) => {
  const merchant = rsa();
  const platform = rsa();
  const app = pem(rsa());
  const alipayKeys = pem(rsa());
  const apiV3Key = "0123456789abcdefABCDEF0123456789";
  const wechat = new FakeWechatPay({ mchId: MCH_ID, appId: WX_APP_ID, merchantSerialNo: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1", merchantPublicKey: merchant.publicKey, apiV3Key, platformPrivateKey: platform.privateKey, platformSerial: KEY_ID });
  const alipay = new FakeAlipay({ appId: ALIPAY_APP_ID, appPublicKey: app.publicPem, alipayPrivateKey: alipayKeys.privatePem });
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  let setup: PaymentSetup;
  // Both Chinese rails and the test mode (its simulated QR orders); no Stripe.
  let pay: PaymentProviders;
  // No Stripe, no test mode: only the Chinese rails are open.
  let providers: PaymentProviders;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    handle = await openDatabase(testDb.target);
    const apiBase = await wechat.start();
    const gateway = await alipay.start();
    const wechatSetup = wechatPaySetupFromEnv({
      SITE_URL: SITE,
      WECHAT_PAY_MCH_ID: MCH_ID,
      WECHAT_PAY_APP_ID: WX_APP_ID,
      WECHAT_PAY_MCH_SERIAL_NO: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1",
      WECHAT_PAY_PRIVATE_KEY: merchant.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      WECHAT_PAY_API_V3_KEY: apiV3Key,
      WECHAT_PAY_PLATFORM_PUBLIC_KEY: platform.publicKey.export({ type: "spki", format: "pem" }).toString(),
      WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID: KEY_ID,
      WECHAT_PAY_API_BASE: apiBase,
    })!;
    setup = {
      stripe: null,
      wechatPay: new WechatPayClient(wechatSetup),
      alipay: createAlipaySetup({ appId: ALIPAY_APP_ID, privateKey: app.privatePem, publicKey: alipayKeys.publicPem, gateway, orderTimeout: "15m", siteUrl: SITE }),
      localTestMode: true,
      siteUrl: SITE,
    };
    pay = createPaymentProviders(setup);
    providers = createPaymentProviders({ ...setup, localTestMode: false });
  });
  afterAll(async () => {
    await Promise.all([wechat.stop(), alipay.stop()]);
    await handle.close();
    await testDb.dispose();
  });

  const buy = (userId: string, method: Parameters<typeof startCheckout>[2]["method"], options: { now?: Date; openid?: string; clientIp?: string; rails?: PaymentProviders } = {}) =>
    startCheckout(handle.db, userId, { planId: "pro", interval: "month", method }, { providers: options.rails ?? pay, payer: { openid: options.openid, clientIp: options.clientIp }, now: options.now });
  const orderIdOf = (url: string) => /^\/dashboard\/billing\/checkout\/([0-9a-f-]{36})$/.exec(url)![1]!;
  const noDashes = (id: string) => id.replaceAll("-", "");
  const view = (userId: string, orderId: string, now?: Date, sync = true) => readCheckoutOrderView(handle.db, pay, userId, orderId, { now, sync, minQueryIntervalMs: 0 });
  const planOf = async (userId: string) => (await getSubscriptionSummary(handle.db, userId)).plan.id;

  it("微信 Native: the QR page's order has the plan's amount, its code_url and a 30-minute expiry; only its owner sees it", async () => {
    const [alice, mallory] = [randomUUID(), randomUUID()];
    const { url, jsapi } = await buy(alice, "wechat_native");
    expect(jsapi).toBeUndefined();
    const orderId = orderIdOf(url);
    const order = await view(alice, orderId, undefined, false);
    expect(order).toMatchObject({ planId: "pro", planName: "专业版", amount: 4900, brand: "wechat_pay", status: "pending", qr: { content: expect.stringMatching(/^weixin:\/\/wxpay\//), simulated: false } });
    const [row] = await handle.db.select().from(checkoutOrders).where(eq(checkoutOrders.id, orderId));
    expect(new Date(order!.expiresAt!).getTime() - row!.createdAt.getTime()).toBe(30 * MINUTE);
    expect(await view(mallory, orderId)).toBeNull();
    expect(await view(mallory, "not-a-uuid")).toBeNull();
  });

  it("a poll without a notification asks WeChat Pay and activates the plan once", async () => {
    const alice = randomUUID();
    const orderId = orderIdOf((await buy(alice, "wechat_native")).url);
    expect((await view(alice, orderId))!.status).toBe("pending");
    wechat.pay(noDashes(orderId));
    expect((await view(alice, orderId))!.status).toBe("paid");
    expect((await view(alice, orderId))!.status).toBe("paid");
    expect(await planOf(alice)).toBe("pro");
  });

  it("a script polling an order asks the provider at most every 2 seconds", async () => {
    const alice = randomUUID();
    const orderId = orderIdOf((await buy(alice, "wechat_native")).url);
    const queries = () => wechat.requests.filter((request) => request.method === "GET" && request.path.includes(noDashes(orderId))).length;
    const at = new Date();
    for (let poll = 0; poll < 5; poll += 1) await readCheckoutOrderView(handle.db, pay, alice, orderId, { sync: true, now: at });
    expect(queries()).toBe(1);
    await readCheckoutOrderView(handle.db, pay, alice, orderId, { sync: true, now: new Date(at.getTime() + 2000) });
    expect(queries()).toBe(2);
  });

  it("H5 returns to our order page; JSAPI needs the 公众号 openid and answers signed parameters", async () => {
    const alice = randomUUID();
    const h5 = await buy(alice, "wechat_h5", { clientIp: "203.0.113.7" });
    const redirect = new URL(h5.url).searchParams.get("redirect_url")!;
    expect(redirect).toMatch(new RegExp(`^${SITE}/dashboard/billing/checkout/[0-9a-f-]{36}$`));
    await expect(buy(alice, "wechat_jsapi")).rejects.toMatchObject({ statusCode: 400, message: "在微信内付款需要先用微信登录，也可以改用支付宝" });
    const jsapi = await buy(alice, "wechat_jsapi", { openid: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o" });
    expect(jsapi.url).toMatch(/^\/dashboard\/billing\/checkout\//);
    expect(jsapi.jsapi).toMatchObject({ appId: WX_APP_ID, signType: "RSA", package: expect.stringMatching(/^prepay_id=/) });
  });

  it("支付宝: page pay goes to the signed gateway URL; 当面付 keeps its qr_code for the QR page; a return settles by query", async () => {
    const alice = randomUUID();
    const page = await buy(alice, "alipay_page");
    expect(page.url).toMatch(/\/gateway\.do\?/);
    expect(new URL(page.url).searchParams.get("method")).toBe("alipay.trade.page.pay");
    const orderId = orderIdOf((await buy(alice, "alipay_qr")).url);
    expect((await view(alice, orderId, undefined, false))).toMatchObject({ brand: "alipay", amount: 4900, qr: { content: expect.stringMatching(/^https:\/\/qr\.alipay\.test\//) } });
    alipay.pay(noDashes(orderId));
    expect((await view(alice, orderId))!.status).toBe("paid");
    expect(await planOf(alice)).toBe("pro");
  });

  it("refuses a method that is not configured, and the free plan; without any rail checkout stays closed", async () => {
    const alice = randomUUID();
    const wechatOnly = createPaymentProviders({ ...setup, alipay: null });
    await expect(buy(alice, "alipay_qr", { rails: wechatOnly })).rejects.toMatchObject({ statusCode: 400, message: "该支付方式暂未开通，请选择其他支付方式" });
    await expect(startCheckout(handle.db, alice, { planId: "free", interval: "month", method: "wechat_native" }, { providers })).rejects.toMatchObject({ statusCode: 400 });
    await expect(startCheckout(handle.db, alice, { planId: "pro", interval: "month" }, { providers })).rejects.toMatchObject({ statusCode: 503 });
  });

  it("the job closes expired unpaid orders of both providers and of the test mode; a payment that landed first is settled instead", async () => {
    const [alice, bob, carol, dave] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const start = new Date();
    const wx = orderIdOf((await buy(alice, "wechat_native", { now: start })).url);
    const ali = orderIdOf((await buy(bob, "alipay_qr", { now: start })).url);
    const paidLate = orderIdOf((await buy(carol, "wechat_native", { now: start })).url);
    const local = await createCheckoutOrder(handle.db, { userId: dave, plan: (await getPlanCatalog(handle.db)).find("pro")!, interval: "month", amount: 4900, provider: "local" });
    await showLocalOrderAsQr(handle.db, dave, local.id, "alipay");
    wechat.pay(noDashes(paidLate));

    // Not yet: nothing closes before the timeouts (15 minutes for 支付宝 and the test mode, 30 for 微信).
    expect(await closeExpiredOrders(handle.db, pay, new Date(start.getTime() + 14 * MINUTE))).toEqual({ local: 0, wechat_pay: 0, alipay: 0 });
    const later = new Date(start.getTime() + 31 * MINUTE);
    const closed = await runExpiredOrdersJob(handle, pay, later);
    // (Earlier tests' orders in this database expire too.)
    for (const count of [closed!.alipay, closed!.wechat_pay, closed!.local]) expect(count).toBeGreaterThanOrEqual(1);
    expect(wechat.transactions.get(noDashes(wx))!.trade_state).toBe("CLOSED");
    expect(alipay.trades.get(noDashes(ali))!.status).toBe("TRADE_CLOSED");
    expect((await view(alice, wx, later))!.status).toBe("expired");
    expect((await view(bob, ali, later))!.status).toBe("expired");
    expect((await view(dave, local.id, later))!.status).toBe("expired");
    expect((await view(carol, paidLate, later))!.status).toBe("paid");
    expect(await planOf(carol)).toBe("pro");
    // A second run (or another process's) finds nothing left.
    expect(await closeExpiredOrders(handle.db, pay, later)).toEqual({ local: 0, wechat_pay: 0, alipay: 0 });
  });

  it("test mode: a local order becomes a simulated QR (owner only), 模拟扫码支付 pays it, an expired one is refused", async () => {
    const [alice, mallory] = [randomUUID(), randomUUID()];
    const plan = (await getPlanCatalog(handle.db)).find("pro")!;
    const order = await createCheckoutOrder(handle.db, { userId: alice, plan, interval: "month", amount: 4900, provider: "local" });
    await expect(showLocalOrderAsQr(handle.db, mallory, order.id, "wechat_pay")).rejects.toMatchObject({ statusCode: 404 });
    await showLocalOrderAsQr(handle.db, alice, order.id, "wechat_pay");
    expect(await view(alice, order.id)).toMatchObject({ brand: "wechat_pay", status: "pending", amount: 4900, qr: { simulated: true } });
    await expect(simulateQrScan(handle.db, mallory, order.id)).rejects.toMatchObject({ statusCode: 404 });
    await simulateQrScan(handle.db, alice, order.id);
    expect(await planOf(alice)).toBe("pro");
    await expect(simulateQrScan(handle.db, alice, order.id)).rejects.toMatchObject({ statusCode: 409 });

    const stale = await createCheckoutOrder(handle.db, { userId: mallory, plan, interval: "month", amount: 4900, provider: "local" });
    await showLocalOrderAsQr(handle.db, mallory, stale.id, "alipay");
    await expect(simulateQrScan(handle.db, mallory, stale.id, new Date(Date.now() + 16 * MINUTE))).rejects.toMatchObject({ statusCode: 409, message: "订单已过期，请重新下单" });
    // A real provider's order cannot be "scanned" by the simulation.
    const real = orderIdOf((await buy(mallory, "wechat_native")).url);
    await expect(simulateQrScan(handle.db, mallory, real)).rejects.toMatchObject({ statusCode: 404 });
    await expect(showLocalOrderAsQr(handle.db, mallory, real, "alipay")).rejects.toMatchObject({ statusCode: 404 });
  });

  if (kind === "postgres") {
    it("two processes' runs at once: one works, the other skips the round", async () => {
      const other = await openDatabase(testDb.target);
      try {
        const runs = await Promise.all([runExpiredOrdersJob(handle, pay), runExpiredOrdersJob(other, pay)]);
        expect(runs.filter((run) => run === null).length).toBeLessThanOrEqual(1);
        expect(runs.some((run) => run !== null)).toBe(true);
      } finally {
        await other.close();
      }
    });
  }
});

describe("the payer's WeChat openid", () => {
  const user = (data: Record<string, unknown>) => ({ identities: [{ provider: "email", identity_data: { openid_mp: "forged-elsewhere" } }, { provider: "wechat", identity_data: data }] });
  it("is the 公众号 openid of the WeChat identity only", () => {
    expect(wechatMpOpenId(user({ openid_mp: "o_mp", openid_open: "o_open" }))).toBe("o_mp");
    expect(wechatMpOpenId(user({ openid_open: "o_open" }))).toBeUndefined();
    expect(wechatMpOpenId({ identities: [{ provider: "email", identity_data: { openid_mp: "x" } }] })).toBeUndefined();
    expect(wechatJsapiState(true, user({ openid_mp: "o_mp" }))).toBe("ready");
    expect(wechatJsapiState(true, user({}))).toBe("needs-wechat-sign-in");
    expect(wechatJsapiState(false, user({ openid_mp: "o_mp" }))).toBeNull();
    expect(wechatJsapiState(true, null)).toBeNull();
  });
});
