import { ApiRouteError } from "@/lib/api";
import type { Database } from "@/lib/db";
import { billingCopy } from "../../copy";
import { getCheckoutOrder } from "../checkout-orders";
import { AlipayCallError } from "./call";
import { closeAlipayOrderIfExpired } from "./close-expired";
import type { AlipaySetup } from "./config";
import { outTradeNoOf } from "./money";
import { settleAlipayTrade, tradeReportOf, type SettleOutcome } from "./settle-trade";

/**
 * A return (or a QR page's poll) without a notification yet: asks Alipay (`alipay.trade.query`)
 * about this user's order and settles it exactly as a notification would. Another user's order is
 * reported as missing. Answers the order's state afterwards.
 */
export async function syncAlipayOrder(
  db: Database,
  setup: AlipaySetup,
  userId: string,
  orderId: string,
  now = new Date(),
): Promise<{ status: "pending" | "paid" | "canceled"; outcome: SettleOutcome | "not_asked" }> {
  const order = await getCheckoutOrder(db, userId, orderId);
  if (!order || order.provider !== "alipay") throw new ApiRouteError(404, billingCopy.errors.orderNotFound);
  if (order.status === "paid") return { status: "paid", outcome: "not_asked" };

  if (order.status === "pending") {
    const closed = await closeAlipayOrderIfExpired(db, setup, order, now);
    if (closed !== "not_expired") return { status: (await getCheckoutOrder(db, userId, orderId))?.status ?? order.status, outcome: closed };
  }
  const result = await setup.sdk.exec("alipay.trade.query", { bizContent: { out_trade_no: outTradeNoOf(order) } }, { validateSign: true });
  // Until the buyer scans / logs in, Alipay has no trade at all: still waiting.
  if (result.code !== "10000") {
    if (result.sub_code === "ACQ.TRADE_NOT_EXIST") return { status: order.status, outcome: "waiting" };
    throw new AlipayCallError(`支付宝查询失败：${String(result.sub_msg ?? result.msg)}`, result);
  }
  const outcome = await settleAlipayTrade(db, tradeReportOf(result), now);
  const after = await getCheckoutOrder(db, userId, orderId);
  return { status: after?.status ?? order.status, outcome };
}
