export { localRefundGateway, type GatewayRefundOutcome, type GatewayRefundRequest, type RefundGateway, type RefundGateways, type RefundProvider } from "./gateway";
export { refundGatewaysFromEnv } from "./gateways";
export { refundableRemainder, refundOrder, settleRefund, type RefundActor, type RefundResult } from "./refund-order";
