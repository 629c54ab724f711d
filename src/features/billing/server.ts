import "server-only";

// Server side of billing: plans in force, checkout, subscription changes, payments, invoices, refunds.
// Metering (admission, reservations, usage rows) is src/features/metering: it reads the plans here.
export { changeSubscription, getPortalUrl, startCheckout } from "./server/billing-actions";
export { cancelLocalOrder, completeLocalOrder, getCheckoutOrder } from "./server/checkout-orders";
export { listPayments, type PaymentView } from "./server/payments";
export { checkoutTestModeFromEnv, createPaymentProviders, getProviders, requireLocalTestCheckout, type PaymentProviders } from "./server/providers";
export { handlePaymentNotification } from "./server/providers/notifications";
export { checkoutAvailability } from "./server/checkout-availability";
export type { BillingContext, Payer, PaymentProvider, PaymentSetup, ProviderName } from "./server/providers/types";
export { createStripeClient, stripeSetupFromEnv, type StripePriceIds, type StripeSetup } from "./server/stripe/client";
export { processStripeEvent, type StripeWebhookOutcome } from "./server/stripe/webhook";
export { getSubscriptionSummary, startOfMonth, tokensUsedThisMonth, type SubscriptionSummary } from "./server/subscription-summary";
export {
  closeExpiredOrders,
  METHOD_NOT_OPEN,
  orderPagePath,
  qrImageDataUrl,
  readCheckoutOrderView,
  showLocalOrderAsQr,
  simulateQrScan,
  startExpiredOrdersJob,
  wechatJsapiState,
  wechatMpOpenId,
} from "./server/china-checkout";
export { grantedTokensThisMonth, listQuotaGrants, quotaPeriod, type QuotaGrantView } from "./server/quota-grants";
export { setPlanByOperator } from "./server/operator-plan";
export { apiRequestsPerMinuteCeiling } from "./server/api-rate-ceiling";
export { listOrdersWithInvoices, requestInvoice } from "./server/invoices/invoice-requests";
export { isOrderRefunded } from "./server/invoices/order-refunds";
export { getRenewalReminder, sendDueRenewalReminders, type RenewalReminderView } from "./server/reminders/renewal-reminders";
export { getWechatPay } from "./server/wechat-pay";
export { startRenewalReminderJob } from "./server/reminders/reminder-job";
export { listPricingPlans } from "./server/pricing-plans";
export { announcePlansChanged, ensurePlansSeeded, getPlanCatalog, planFromRow, PlanCatalog, toPublicPlan, type BillingPlan } from "./server/plan-catalog";
export { FREE_PLAN_ID } from "./plans";
export { enforcedTokenQuota, subscriberTokenQuota } from "./server/token-quota";
export { settleLocalSubscription } from "./server/settle-period";
export { startTopUp } from "./server/topup-orders";
export { paymentKeyOf, refundableRemainder, refundGatewaysFromEnv, refundOrder, type RefundActor, type RefundGateways, type RefundResult } from "./server/refunds";
export { planCoversApp } from "./plans";
export { redeemablePlans, REDEEMED_PERIOD_ID } from "./server/redeemed-plan";
