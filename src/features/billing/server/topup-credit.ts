import type { CheckoutOrder, Database } from "@/lib/db";
import { postWalletEntry } from "@/features/wallet/server";
import { topUpName } from "../topup";

/**
 * A paid top-up order credits the balance once (`topup:<order id>`): a notification delivered twice,
 * or a poll racing it, finds the entry and changes nothing. Run it in the transaction that marked
 * the order paid.
 */
export async function creditPaidTopUp(db: Database, order: CheckoutOrder, now: Date): Promise<void> {
  await postWalletEntry(db, { userId: order.userId, kind: "topup", amountFen: order.amount, cause: topUpName(order.amount), reference: `topup:${order.id}`, now });
}
