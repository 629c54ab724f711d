import { ApiRouteError } from "@/lib/api";
import type { CheckoutOrder, Database } from "@/lib/db";
import { postWalletEntry } from "@/features/wallet/server";
import { formatAmountFen, formatOrderNumber } from "../../format";

/**
 * A top-up's refund takes its amount out of the balance first, in the transaction that records the
 * refund request (under the order's lock): only what is still unspent can go back, and the balance
 * never goes below zero. Keyed `refund:<refund id>`, so a retried request takes it once.
 */
export async function takeBackTopUp(db: Database, order: CheckoutOrder, refund: { refundId: string; amount: number; remaining: number; now: Date }): Promise<void> {
  const taken = await postWalletEntry(db, {
    userId: order.userId,
    kind: "refund",
    amountFen: -refund.amount,
    cause: `充值退款（订单 ${formatOrderNumber(order)}）`,
    reference: `refund:${refund.refundId}`,
    now: refund.now,
  });
  if (taken.outcome === "insufficient" || taken.outcome === "nothing") {
    const most = Math.min(refund.remaining, taken.balanceFen);
    throw new ApiRouteError(400, most > 0 ? `退款金额超过用户未使用的余额（最多 ${formatAmountFen(most, order.currency)}）` : "这笔充值已用完，没有可退的余额");
  }
}

/** The provider refused or failed the refund: what was taken out goes back into the balance, once. */
export async function giveBackTopUp(db: Database, order: CheckoutOrder, refundId: string, amount: number, now: Date): Promise<void> {
  await postWalletEntry(db, {
    userId: order.userId,
    kind: "refund",
    amountFen: amount,
    cause: `充值退款未成功，金额退回余额（订单 ${formatOrderNumber(order)}）`,
    reference: `refund-reverted:${refundId}`,
    now,
  });
}
