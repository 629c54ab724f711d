import { eq } from "drizzle-orm";
import { postWalletEntry } from "@/features/wallet/server";
import { aiQuotaReservations, type Database } from "@/lib/db";
import { callCostFen, type CallPrice, type MeteredTokens } from "../call-price";

/** What a settled call used, from its usage row (absent when the call failed or recorded nothing). */
export interface SettledUsage extends Partial<MeteredTokens> {
  messageId?: string | null;
  workflowRunId?: string | null;
}

const tokensOf = (usage: SettledUsage): MeteredTokens => ({ promptTokens: usage.promptTokens ?? 0, completionTokens: usage.completionTokens ?? 0, totalTokens: usage.totalTokens ?? 0 });

/** The ledger reference of a call's charge: its usage row's message / run id (the usage pages join on it). */
export function usageChargeReference(usage: { messageId?: string | null; workflowRunId?: string | null }): string | null {
  const key = usage.messageId ?? usage.workflowRunId;
  return key ? `usage:${key}` : null;
}

/**
 * Settles a call paid from the balance (按量付费): its reservation (and the money it held) is let go and
 * what it used is charged, in one transaction. The charge is the usage at the app's price, keyed by
 * the usage row so it is taken once; a charge above the balance takes what is left (the balance
 * never goes below zero; only a call that spent more than it reserved can get there). A call that
 * failed, or recorded no usage, costs nothing.
 */
export async function settlePaidCall(
  db: Database,
  call: { userId: string; reservationId: string; price: CallPrice; appName: string },
  usage: SettledUsage | undefined,
): Promise<void> {
  const cost = usage ? callCostFen(call.price, tokensOf(usage)) : 0;
  await db.transaction(async (tx) => {
    await tx.delete(aiQuotaReservations).where(eq(aiQuotaReservations.id, call.reservationId));
    if (!usage || cost <= 0) return;
    const cause = call.price.mode === "call" ? `${call.appName}（按次计费）` : `${call.appName}（${tokensOf(usage).totalTokens.toLocaleString("zh-CN")} tokens）`;
    await postWalletEntry(tx, { userId: call.userId, kind: "spend", amountFen: -cost, cause, reference: usageChargeReference(usage) ?? `call:${call.reservationId}`, partial: true });
  });
}
