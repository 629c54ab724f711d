import { eq } from "drizzle-orm";
import { subscriptions, type CheckoutOrder, type Database, type Payment, type Subscription } from "@/lib/db";

export type PeriodChange = { subscription: Subscription; end: Date; ended: boolean };

/**
 * The rule for the plan (billing README "Refunds"): an order bought a period of a fixed length; a
 * refund of R of its T 分 takes back R/T of that time, counted back from the subscription's current
 * end. A full refund (or partial ones adding up to it) therefore ends the plan now and the user is on
 * 免费版 (subscriptions keep no earlier plan to go back to). Only when the order's period is part of
 * the subscription's current run (same provider and plan, not over); a refund of an older order only
 * records the money. Shares are cumulative, so several partial refunds remove exactly the whole period.
 * A shortened period does not renew by itself (cancel at its new end): the user buys again.
 */
export async function shortenPeriodForRefund(
  db: Database,
  input: { order: CheckoutOrder; paid: Pick<Payment, "periodStart" | "periodEnd"> | undefined; refundedBefore: number; refundedTotal: number; now: Date },
): Promise<PeriodChange | null> {
  const { order, paid, refundedBefore, refundedTotal, now } = input;
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, order.userId)).limit(1);
  if (!row?.currentPeriodEnd || !paid?.periodStart || !paid.periodEnd) return null;
  const current = row.status !== "canceled" && row.provider === order.provider && row.planId === order.planId;
  // First purchase or a renewal that extended the run: its period starts inside the run.
  const inRun = paid.periodStart >= row.currentPeriodStart && paid.periodStart < row.currentPeriodEnd;
  if (!current || !inRun || paid.periodEnd <= now || row.currentPeriodEnd <= now) return null;

  const duration = BigInt(paid.periodEnd.getTime() - paid.periodStart.getTime());
  // BigInt: a year in ms times an amount in 分 exceeds 2^53.
  const share = (refunded: number) => (duration * BigInt(refunded)) / BigInt(order.amount);
  const removed = Number(share(refundedTotal) - share(refundedBefore));
  const shortened = new Date(row.currentPeriodEnd.getTime() - removed);
  const ended = shortened <= now;
  const end = ended ? now : shortened;
  const [updated] = await db
    .update(subscriptions)
    .set(ended ? { status: "canceled", currentPeriodEnd: now, cancelAtPeriodEnd: false, updatedAt: now } : { currentPeriodEnd: end, cancelAtPeriodEnd: true, updatedAt: now })
    .where(eq(subscriptions.userId, order.userId))
    .returning();
  return { subscription: updated!, end, ended };
}
