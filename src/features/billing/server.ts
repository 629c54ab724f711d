import "server-only";

// Server side of billing: plans in force, checkout, subscription changes, quota, Stripe webhooks.
export { changeSubscription, getPortalUrl, startCheckout } from "./server/billing-actions";
export { cancelLocalOrder, completeLocalOrder, getCheckoutOrder } from "./server/checkout-orders";
export { listPayments, type PaymentView } from "./server/payments";
export { checkoutTestModeFromEnv, createProviders, getProviders, requireLocalTestCheckout, type Providers } from "./server/providers";
export type { BillingContext, CheckoutProvider, ProviderName } from "./server/providers/types";
export { admitAiCall, admitGenerationCall, aiCallsInFlight, releaseAiCall, reserveAiCall, type AiCallAdmission } from "./server/ai-call-reservations";
export { checkTokenQuota, enforceTokenQuota, QUOTA_EXCEEDED_MESSAGE, QUOTA_EXCEEDED_STATUS, quotaExceededResponse, type TokenQuotaCheck } from "./server/quota";
export { createStripeClient, stripeSetupFromEnv, type StripePriceIds, type StripeSetup } from "./server/stripe/client";
export { processStripeEvent, type StripeWebhookOutcome } from "./server/stripe/webhook";
export { handleStripeWebhookRequest } from "./server/stripe/webhook-request";
export { getSubscriptionSummary, startOfMonth, tokensUsedThisMonth, type SubscriptionSummary } from "./server/subscription-summary";
export {
  closeExpiredAlipayOrders,
  createAlipayPayment,
  getAlipaySetup,
  handleAlipayNotifyRequest,
  syncAlipayOrder,
  type AlipayMethod,
  type AlipayPayment,
} from "./server/alipay";
export { closeExpiredWechatPayOrder, createWechatPayOrder, getWechatPay, handleWechatPayNotification, syncWechatPayOrder, type JsapiPayParams, type WechatPayMethod, type WechatPayOrder } from "./server/wechat-pay";
export {
  closeExpiredOrders,
  configuredMethods,
  getChinaPay,
  orderPagePath,
  qrImageDataUrl,
  readCheckoutOrderView,
  showLocalOrderAsQr,
  simulateQrScan,
  startExpiredOrdersJob,
  type ChinaPay,
  type Payer,
  wechatJsapiState,
  wechatMpOpenId,
} from "./server/china-checkout";
export { grantedTokensThisMonth, listQuotaGrants, quotaPeriod, type QuotaGrantView } from "./server/quota-grants";
export { setPlanByOperator } from "./server/operator-plan";
export { listOrdersWithInvoices, requestInvoice } from "./server/invoices/invoice-requests";
export { isOrderRefunded } from "./server/invoices/order-refunds";
export { getRenewalReminder, sendDueRenewalReminders, type RenewalReminderView } from "./server/reminders/renewal-reminders";
export { announcePlansChanged, ensurePlansSeeded, getPlanCatalog, planFromRow, PlanCatalog, toPublicPlan, type BillingPlan } from "./server/plan-catalog";
export { subscriberTokenQuota } from "./server/token-quota";
export { refundableRemainder, refundGatewaysFromEnv, refundOrder, type RefundActor, type RefundGateways, type RefundResult } from "./server/refunds";
