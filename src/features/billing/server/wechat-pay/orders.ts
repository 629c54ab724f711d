import { and, eq } from "drizzle-orm";
import { ApiRouteError } from "@/lib/api";
import { checkoutOrders, type CheckoutOrder, type Database } from "@/lib/db";
import { FREE_PLAN_ID, planPriceFen, type BillingInterval, type Plan, type PlanId } from "../../plans";
import { getPlanCatalog } from "../plan-catalog";
import { createCheckoutOrder } from "../checkout-orders";
import { WechatPayError, type WechatPayClient } from "./client";
import { nonce, rsaSign, signingMessage } from "./signatures";
import { findWechatPayOrder, outTradeNoOf, settleWechatPayTransaction, type SettleOutcome, type WechatPayTransaction } from "./settle-transaction";

/** How long a 微信支付 order can be paid (its time_expire); then it is closed. */
export const ORDER_TIMEOUT_MS = 30 * 60_000;

export type WechatPayMethod = "native" | "h5" | "jsapi";

export type WechatPayOrderInput = {
  userId: string;
  planId: PlanId;
  interval: BillingInterval;
  method: WechatPayMethod;
  /** JSAPI: the payer's openid under WECHAT_PAY_APP_ID (the 公众号 openid). */
  openid?: string;
  /** H5: the payer's IP as our server sees it (scene_info.payer_client_ip). */
  clientIp?: string;
  /** A 余额充值: its stand-in plan (billing/server/topup-orders.ts) instead of a catalog plan. */
  topUp?: Plan;
};

/** The parameters of WeixinJSBridge.invoke('getBrandWCPayRequest', …), signed with the merchant key. */
export type JsapiPayParams = { appId: string; timeStamp: string; nonceStr: string; package: string; signType: "RSA"; paySign: string };

export type WechatPayOrder = { orderId: string; outTradeNo: string; amount: number; expiresAt: string } & (
  | { method: "native"; codeUrl: string }
  | { method: "h5"; h5Url: string }
  | { method: "jsapi"; prepayId: string; payParams: JsapiPayParams }
);

/** RFC 3339 in China time, as WeChat's time_expire expects (2026-11-26T08:30:00+08:00). */
export function chinaTime(date: Date): string {
  return `${new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

export function jsapiPayParams(client: WechatPayClient, prepayId: string, now: Date): JsapiPayParams {
  const { appId, privateKey } = client.setup;
  const timeStamp = String(Math.floor(now.getTime() / 1000));
  const nonceStr = nonce();
  const pkg = `prepay_id=${prepayId}`;
  return { appId, timeStamp, nonceStr, package: pkg, signType: "RSA", paySign: rsaSign(signingMessage(appId, timeStamp, nonceStr, pkg), privateKey) };
}

/**
 * Opens a 微信支付 order for a paid plan: our checkout order first (amount in 分 from the plan in the database now, never
 * from the client), then the matching /v3/pay/transactions/{native|h5|jsapi} call. A refused call
 * closes our order and answers 502 with a Chinese reason.
 */
export async function createWechatPayOrder(db: Database, client: WechatPayClient, input: WechatPayOrderInput, now = new Date()): Promise<WechatPayOrder> {
  // A top-up brings its own stand-in plan (its amount); a plan's price is the database's of now.
  const plan = input.topUp ?? (await getPlanCatalog(db)).find(input.planId);
  if (!plan || plan.id === FREE_PLAN_ID) throw new ApiRouteError(400, "免费版无需付款");
  if (input.method === "jsapi" && !input.openid) throw new ApiRouteError(400, "请在微信内登录后再使用微信支付");
  if (input.method === "h5" && !input.clientIp) throw new ApiRouteError(400, "无法确定付款设备的网络地址");
  const amount = planPriceFen(plan, input.interval);
  const order = await createCheckoutOrder(db, { userId: input.userId, plan, interval: input.interval, amount, provider: "wechat_pay" });
  const outTradeNo = outTradeNoOf(order.id);
  const expiresAt = new Date(now.getTime() + ORDER_TIMEOUT_MS);
  const { setup } = client;
  const body = {
    appid: setup.appId,
    mchid: setup.mchId,
    description: input.topUp ? `思维火花 ${plan.name}` : `思维火花 ${plan.name}（${input.interval === "year" ? "年付" : "月付"}）`,
    out_trade_no: outTradeNo,
    time_expire: chinaTime(expiresAt),
    notify_url: setup.notifyUrl,
    amount: { total: amount, currency: "CNY" },
    ...(input.method === "jsapi" ? { payer: { openid: input.openid } } : {}),
    ...(input.method === "h5" ? { scene_info: { payer_client_ip: input.clientIp, h5_info: { type: "Wap" } } } : {}),
  };
  const base = { orderId: order.id, outTradeNo, amount, expiresAt: expiresAt.toISOString() };
  try {
    const { data } = await client.request<{ code_url?: string; h5_url?: string; prepay_id?: string }>("POST", `/v3/pay/transactions/${input.method}`, body);
    if (input.method === "native" && data?.code_url) return { ...base, method: "native", codeUrl: data.code_url };
    if (input.method === "h5" && data?.h5_url) return { ...base, method: "h5", h5Url: data.h5_url };
    if (input.method === "jsapi" && data?.prepay_id) return { ...base, method: "jsapi", prepayId: data.prepay_id, payParams: jsapiPayParams(client, data.prepay_id, now) };
    throw new WechatPayError("微信支付下单应答缺少支付参数", 502);
  } catch (error) {
    await db.update(checkoutOrders).set({ status: "canceled", completedAt: now }).where(and(eq(checkoutOrders.id, order.id), eq(checkoutOrders.status, "pending")));
    console.error("微信支付下单失败", error instanceof Error ? error.message : error);
    throw new ApiRouteError(502, "微信支付暂时不可用，请稍后重试");
  }
}

/** GET /v3/pay/transactions/out-trade-no/{no}: what WeChat Pay knows of our order (its answer verified). */
export async function queryWechatPayTransaction(client: WechatPayClient, outTradeNo: string): Promise<WechatPayTransaction> {
  const { data } = await client.request<WechatPayTransaction>("GET", `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(client.setup.mchId)}`);
  return data ?? {};
}

/**
 * Settles an order from a query, without waiting for a notification (the QR page's polling, or a
 * lost notification). Another user's order is reported as missing.
 */
export async function syncWechatPayOrder(db: Database, client: WechatPayClient, userId: string, orderId: string, now = new Date()): Promise<{ order: CheckoutOrder; outcome: SettleOutcome }> {
  const order = await findWechatPayOrder(db, outTradeNoOf(orderId));
  if (!order || order.userId !== userId) throw new ApiRouteError(404, "订单不存在");
  if (order.status === "paid") return { order, outcome: "already-paid" };
  let transaction: WechatPayTransaction;
  try {
    transaction = await queryWechatPayTransaction(client, outTradeNoOf(order.id));
  } catch (error) {
    // WeChat does not know the order (yet): simply not paid. Anything else is WeChat being unavailable.
    if (error instanceof WechatPayError && error.code === "ORDER_NOT_EXIST") return { order, outcome: "not-paid" };
    console.error("查询微信支付订单失败", error instanceof Error ? error.message : error);
    throw new ApiRouteError(502, "微信支付暂时不可用，请稍后重试");
  }
  const outcome = await settleWechatPayTransaction(db, client.setup, transaction, now);
  const [current] = await db.select().from(checkoutOrders).where(eq(checkoutOrders.id, order.id));
  return { order: current!, outcome };
}

/**
 * After time_expire: asks WeChat first (a payment may have landed; then it is settled), else closes
 * the transaction (POST …/close) and our order. Answers the order's final status.
 */
export async function closeExpiredWechatPayOrder(db: Database, client: WechatPayClient, orderId: string, now = new Date()): Promise<CheckoutOrder["status"]> {
  const order = await findWechatPayOrder(db, outTradeNoOf(orderId));
  if (!order) throw new ApiRouteError(404, "订单不存在");
  if (order.status !== "pending") return order.status;
  if (now.getTime() < order.createdAt.getTime() + ORDER_TIMEOUT_MS) throw new ApiRouteError(409, "订单尚未超时");
  const outTradeNo = outTradeNoOf(order.id);
  const outcome = await settleWechatPayTransaction(db, client.setup, await queryWechatPayTransaction(client, outTradeNo), now);
  if (outcome !== "not-paid") return "paid";
  await client.request("POST", `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, { mchid: client.setup.mchId });
  await db.update(checkoutOrders).set({ status: "canceled", completedAt: now }).where(and(eq(checkoutOrders.id, order.id), eq(checkoutOrders.status, "pending")));
  return "canceled";
}
