import { notConfigured, oneOffManagement } from "../providers/one-off";
import type { PaymentProvider, PaymentSetup } from "../providers/types";
import { startAlipayCheckout } from "./checkout";
import { closeExpiredAlipayOrders } from "./close-expired";
import { alipayDefinition } from "./definition";
import { handleAlipayNotifyRequest } from "./notify";
import { syncAlipayOrder } from "./query";
import { alipayRefundGateway } from "./refund";

/** An Alipay order's timeout once Alipay is switched off (an old order): the setup's default. */
const DEFAULT_TIMEOUT_MS = 15 * 60_000;

/**
 * 支付宝 (ALIPAY_APP_ID …): one order per period, RSA2-signed 异步通知, `alipay.trade.query` for a
 * poll, `alipay.trade.close` past the timeout, `alipay.trade.refund`.
 */
export function alipayPaymentProvider({ alipay: setup }: PaymentSetup): PaymentProvider {
  return {
    id: alipayDefinition.id,
    definition: alipayDefinition,
    configured: setup !== null,
    ...oneOffManagement(alipayDefinition),

    createPayment: async (context, input) => (setup ? startAlipayCheckout(context, setup, input) : notConfigured(alipayDefinition)),

    // Plain text `success` / `fail`, as Alipay expects (`fail` also when Alipay is not configured).
    handleNotification: async (request, database) => handleAlipayNotifyRequest(request, setup, await database()),

    orderTimeoutMs: () => setup?.orderTimeoutMs ?? DEFAULT_TIMEOUT_MS,

    // The query closes an order past its timeout itself (close-expired.ts), after asking Alipay.
    async syncOrder(db, order, { now }) {
      if (setup) await syncAlipayOrder(db, setup, order.userId, order.id, now);
    },

    async closeExpiredOrders(db, now) {
      if (!setup) return 0;
      return closeExpiredAlipayOrders(db, setup, now).catch((error: unknown) => {
        console.warn("关闭超时的支付宝订单失败", error instanceof Error ? error.message : error);
        return 0;
      });
    },

    refunds: setup ? alipayRefundGateway(setup) : null,
  };
}
