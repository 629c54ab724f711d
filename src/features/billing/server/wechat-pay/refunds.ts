import { ApiRouteError } from "@/lib/api";
import { checkoutRefunds, type Database } from "@/lib/db";
import { eq } from "drizzle-orm";
import type { RefundGateway, RefundGateways } from "../refunds/gateway";
import { settleRefund } from "../refunds/refund-order";
import { WechatPayError, type WechatPayClient } from "./client";
import type { WechatPaySetup } from "./config";
import { findWechatPayOrder, orderIdOf, outTradeNoOf } from "./settle-transaction";

/** A refund as WeChat Pay reports it (refund answer or decrypted REFUND.* resource). */
export type WechatPayRefund = {
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  out_refund_no?: string;
  refund_id?: string;
  refund_status?: string;
  status?: string;
  amount?: { total?: number; refund?: number };
};

export class RefundRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const FAILED = new Set(["CLOSED", "ABNORMAL"]);

/**
 * A REFUND.* notification: checked against our merchant, our paid order, the order's total and the
 * refund we asked for (its `out_refund_no` is our refund's id), then settled through billing's shared
 * `settleRefund` — once: a repeated notification finds the refund settled and changes nothing.
 * SUCCESS applies the refund (ledger row, shorter period); CLOSED / ABNORMAL frees the amount again.
 */
export async function applyRefundResult(db: Database, setup: WechatPaySetup, refund: WechatPayRefund, now: Date, gateways?: RefundGateways): Promise<"applied" | "duplicate" | "ignored"> {
  if (refund.mchid !== setup.mchId) throw new RefundRefused("商户号不匹配", 400);
  const order = await findWechatPayOrder(db, refund.out_trade_no);
  if (!order || order.status !== "paid") throw new RefundRefused("订单不存在", 404);
  if (refund.amount?.total !== order.amount) throw new RefundRefused("退款金额与订单不符", 400);
  const refundId = orderIdOf(refund.out_refund_no ?? "");
  const [ours] = refundId ? await db.select().from(checkoutRefunds).where(eq(checkoutRefunds.id, refundId)).limit(1) : [];
  // A refund made in the merchant platform, not through the console, is not ours to apply.
  if (!ours || ours.orderId !== order.id) throw new RefundRefused("退款单不存在", 404);
  if (refund.amount?.refund !== ours.amount) throw new RefundRefused("退款金额与订单不符", 400);
  const status = refund.refund_status ?? refund.status ?? "";
  if (status !== "SUCCESS" && !FAILED.has(status)) return "ignored";
  const settled = await settleRefund(db, ours.id, { status: status === "SUCCESS" ? "succeeded" : "failed", providerRefundId: refund.refund_id ?? null }, now, gateways);
  return settled.result === "applied" ? "applied" : "duplicate";
}

/**
 * 微信支付's part of a refund: POST /v3/refund/domestic/refunds with `out_refund_no` = the refund's id
 * without hyphens (so a retry is the same refund at WeChat). WeChat usually answers PROCESSING and
 * confirms by notification (applyRefundResult); an immediate SUCCESS is settled at once.
 */
export function wechatPayRefundGateway(client: WechatPayClient): RefundGateway {
  return {
    async refund(order, { refundId, amount, reason }) {
      try {
        const { data } = await client.request<WechatPayRefund>("POST", "/v3/refund/domestic/refunds", {
          out_trade_no: outTradeNoOf(order.id),
          out_refund_no: outTradeNoOf(refundId),
          reason: reason.slice(0, 80),
          notify_url: client.setup.notifyUrl,
          amount: { refund: amount, total: order.amount, currency: "CNY" },
        });
        return { status: data?.status === "SUCCESS" ? "succeeded" : "pending", providerRefundId: data?.refund_id ?? null };
      } catch (error) {
        if (error instanceof WechatPayError) throw new ApiRouteError(502, `微信支付退款失败：${error.message}`);
        throw error;
      }
    },
  };
}
