import { PAYMENT_PROVIDER_IDS, type ProviderName } from "@/features/billing";

export const ORDER_STATUSES = ["pending", "paid", "canceled"] as const;
/** The filter's providers: every payment provider, in the definitions' order. */
export const ORDER_PROVIDERS = PAYMENT_PROVIDER_IDS;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type OrderProvider = ProviderName;

/** The console's order filter as the page's and the API's query string carry it (values as typed). */
export type OrderQuery = { status: string; provider: string; from: string; to: string; user: string };

export type OrderUser = { id: string; email: string | null; phone: string | null };

export type AdminOrderRow = {
  id: string;
  number: string;
  user: OrderUser;
  planName: string;
  interval: "month" | "year";
  amount: number;
  refunded: number;
  currency: string;
  provider: OrderProvider;
  providerSessionId: string | null;
  status: OrderStatus;
  createdAt: string;
  completedAt: string | null;
};

export type AdminOrdersPage = { orders: AdminOrderRow[]; total: number; page: number; perPage: number; query: OrderQuery; userMatched: boolean };

export type AdminOrderPayment = { id: string; amount: number; currency: string; reason: string; providerPaymentId: string; periodStart: string | null; periodEnd: string | null; createdAt: string };
export type AdminOrderRefund = { id: string; amount: number; reason: string; status: "pending" | "succeeded" | "failed"; providerRefundId: string | null; actorId: string | null; createdAt: string; completedAt: string | null };

export type AdminOrderDetail = AdminOrderRow & {
  refundable: number;
  payments: AdminOrderPayment[];
  refunds: AdminOrderRefund[];
  subscription: { planName: string; status: string; periodEnd: string | null } | null;
};

/** A row of the 付款记录 view: every charge and refund (renewals too, which have no order). */
export type AdminPaymentRow = {
  id: string;
  user: OrderUser;
  planName: string;
  interval: "month" | "year";
  amount: number;
  currency: string;
  provider: OrderProvider;
  reason: "checkout" | "renewal" | "plan_change" | "refund";
  providerPaymentId: string;
  periodStart: string | null;
  periodEnd: string | null;
  createdAt: string;
};

export type AdminPaymentsPage = { payments: AdminPaymentRow[]; total: number; page: number; perPage: number; query: OrderQuery; userMatched: boolean };
