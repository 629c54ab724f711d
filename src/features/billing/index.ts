// Client-safe surface of billing: plans, copy, request schemas, formats and the quota message.
export { billingCopy } from "./copy";
export { formatAmountFen, formatBillingDate, formatBillingPeriod, formatOrderNumber, formatPriceCny, formatTokens } from "./format";
export {
  BILLING_INTERVALS,
  EVERY_APP,
  FREE_PLAN_ID,
  MAX_API_REQUESTS_PER_MINUTE,
  PLAN_ID_PATTERN,
  planPriceCny,
  planPriceFen,
  planCoversApp,
  planRank,
  sortPlans,
  type BillingInterval,
  type Plan,
  type PlanAppAccess,
  type PlanId,
} from "./plans";
export { checkoutBodySchema, subscriptionActionSchema, type CheckoutBody, type CheckoutResult, type SubscriptionAction } from "./schemas";
export { describeSubscription, type SubscriptionStatusLine } from "./subscription-status";
export { invoiceCopy } from "./invoice-copy";
export { isTopUpOrder, paidOrderReturnPath, TOPUP_PLAN_ID, topUpBodySchema, topUpName, type TopUpBody } from "./topup";
export { invoiceRequestBodySchema, TAX_NUMBER, type InvoiceRequestBody, type OrderInvoiceView } from "./invoice-schema";
export { OrdersAndInvoices } from "./components/orders-and-invoices";
export type { PaymentView, QuotaGrantView, SubscriptionSummary } from "./types";
export { CheckoutOrderView } from "./components/checkout-order-view";
export { CheckoutReturnToast } from "./components/checkout-return-toast";
export { ProviderReturnRedirect } from "./components/provider-return-redirect";
export { CurrentPlanCard } from "./components/current-plan-card";
export { PaymentHistory } from "./components/payment-history";
export { PlanOptions } from "./components/plan-options";
export { PricingFaq } from "./components/pricing-faq";
export { QuotaGrantsList } from "./components/quota-grants-list";
export { PricingPlans } from "./components/pricing-plans";
export { RenewalReminderBanner } from "./components/renewal-reminder-banner";
export { SubscriptionControls } from "./components/subscription-controls";
export { UsageMeter } from "./components/usage-meter";
export {
  addCalendarDays,
  calendarDate,
  formatCalendarDate,
  PRODUCT_TIME_ZONE,
  startOfCalendarDay,
  startOfMonth,
  type CalendarDate,
} from "./calendar";
export type { CheckoutAvailability } from "./checkout-methods";
export { PAYMENT_PROVIDER_IDS, providerLabel, QR_PROVIDERS } from "./payment-providers";
export type { ProviderName } from "./payment-provider-definition";
// For the wallet's 充值 (src/features/wallet): the ways to pay on this device and their names.
export { chinaCheckoutCopy } from "./china-checkout-copy";
export { type CheckoutMethod } from "./checkout-methods";
export { methodsForDevice } from "./payment-providers";
export { useCheckoutOptions } from "./hooks/use-checkout-options";
