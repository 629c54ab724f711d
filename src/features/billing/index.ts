// Client-safe surface of billing: plans, copy, request schemas, formats and the quota message.
export { billingCopy } from "./copy";
export { formatAmountFen, formatBillingDate, formatPriceCny, formatTokens } from "./format";
export {
  BILLING_INTERVALS,
  findPlan,
  FREE_PLAN_ID,
  PLAN_IDS,
  planOrFree,
  planPriceCny,
  planPriceFen,
  planRank,
  plans,
  type BillingInterval,
  type Plan,
  type PlanId,
} from "./plans";
export { QUOTA_EXCEEDED_MESSAGE, QUOTA_EXCEEDED_STATUS } from "./quota-constants";
export { checkoutBodySchema, subscriptionActionSchema, type CheckoutBody, type CheckoutResult, type SubscriptionAction } from "./schemas";
