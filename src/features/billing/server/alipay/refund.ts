import { ApiRouteError } from "@/lib/api";
import type { RefundGateway } from "../refunds/gateway";
import { AlipayCallError, expectSuccess } from "./call";
import type { AlipaySetup } from "./config";
import { fenToYuan, outTradeNoOf } from "./money";

/**
 * Alipay's part of a refund (`alipay.trade.refund`); the rest is billing's `refundOrder`. The refund's
 * id without hyphens is `out_request_no`, so a retry of the same request is one refund at Alipay.
 * Alipay answers synchronously: code 10000 means the money went back. Its Chinese sub_msg is shown.
 */
export function alipayRefundGateway(setup: AlipaySetup): RefundGateway {
  return {
    async refund(order, { refundId, amount, reason }) {
      try {
        const result = await setup.sdk.exec(
          "alipay.trade.refund",
          { bizContent: { out_trade_no: outTradeNoOf(order), refund_amount: fenToYuan(amount), out_request_no: refundId.replace(/-/g, ""), refund_reason: reason.slice(0, 256) } },
          { validateSign: true },
        );
        expectSuccess(result);
        return { status: "succeeded", providerRefundId: typeof result.trade_no === "string" ? result.trade_no : null };
      } catch (error) {
        if (error instanceof AlipayCallError) throw new ApiRouteError(502, `支付宝退款失败：${error.message.replace(/^支付宝接口调用失败：/, "")}`);
        throw error;
      }
    },
  };
}
