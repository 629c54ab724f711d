import { notConfigured, oneOffManagement } from "../providers/one-off";
import type { PaymentProvider, PaymentSetup } from "../providers/types";
import { startWechatPayCheckout } from "./checkout";
import { closeExpiredWechatPayOrders } from "./close-expired";
import { wechatPayDefinition } from "./definition";
import { handleWechatPayNotification } from "./notification";
import { closeExpiredWechatPayOrder, ORDER_TIMEOUT_MS, syncWechatPayOrder } from "./orders";
import { wechatPayRefundGateway } from "./refunds";

/**
 * 微信支付 (WECHAT_PAY_MCH_ID …, API v3): one order per period, signed and encrypted notifications
 * (payments and refunds), a query for a poll, query-then-close past time_expire, refunds confirmed
 * by notification.
 */
export function wechatPayPaymentProvider({ wechatPay: client, siteUrl }: PaymentSetup): PaymentProvider {
  return {
    id: wechatPayDefinition.id,
    definition: wechatPayDefinition,
    configured: client !== null,
    ...oneOffManagement(wechatPayDefinition),

    createPayment: async (context, input) => (client ? startWechatPayCheckout(context, client, siteUrl, input) : notConfigured(wechatPayDefinition)),

    // Answered in WeChat's format (204, or {code:"FAIL"}), also when something unexpected breaks.
    async handleNotification(request, database) {
      try {
        return await handleWechatPayNotification(request, client, await database());
      } catch (error) {
        console.error("微信支付通知处理异常", error instanceof Error ? error.message : error);
        return Response.json({ code: "FAIL", message: "处理失败，请稍后重试" }, { status: 500 });
      }
    },

    orderTimeoutMs: () => ORDER_TIMEOUT_MS,

    async syncOrder(db, order, { now, expired }) {
      if (!client) return;
      if (expired) await closeExpiredWechatPayOrder(db, client, order.id, now);
      else await syncWechatPayOrder(db, client, order.userId, order.id, now);
    },

    closeExpiredOrders: async (db, now) => (client ? closeExpiredWechatPayOrders(db, client, now) : 0),

    refunds: client ? wechatPayRefundGateway(client) : null,
  };
}
