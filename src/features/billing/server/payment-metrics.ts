import { appMetrics } from "@/features/observability/server";

export type PaymentOutcome = "paid" | "canceled" | "refunded" | "refund_failed";

/**
 * One payment event for the metrics, counted where billing records it (a `payments` row stored, an
 * order closed, a refund settled). Counted inside the writing transaction: a rolled-back one
 * (rare: a failed write after it) still counts.
 */
export function countPayment(provider: string, outcome: PaymentOutcome): void {
  appMetrics().payments.inc({ provider, outcome });
}
