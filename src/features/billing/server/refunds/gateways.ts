import { getAlipaySetup } from "../alipay";
import { alipayRefundGateway } from "../alipay/refund";
import { getProviders } from "../providers";
import { stripeRefundGateway } from "../stripe/refund";
import { getWechatPay } from "../wechat-pay";
import { wechatPayRefundGateway } from "../wechat-pay/refunds";
import { localRefundGateway, type RefundGateways } from "./gateway";

/** The refund gateways of this process's environment: a provider that is not configured has none (503). */
export function refundGatewaysFromEnv(): RefundGateways {
  const alipay = getAlipaySetup();
  const wechat = getWechatPay();
  const stripe = getProviders().stripe;
  return {
    local: localRefundGateway,
    ...(alipay ? { alipay: alipayRefundGateway(alipay) } : {}),
    ...(wechat ? { wechat_pay: wechatPayRefundGateway(wechat) } : {}),
    ...(stripe ? { stripe: stripeRefundGateway(stripe) } : {}),
  };
}
