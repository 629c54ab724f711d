export { localRefundGateway, type GatewayRefundOutcome, type GatewayRefundRequest, type RefundGateway, type RefundGateways, type RefundProvider } from "./gateway";
export { refundGatewaysFromEnv } from "./gateways";
export { paymentKeyOf, refundableRemainder, refundOrder, settleRefund, type RefundActor, type RefundResult } from "./refund-order";
