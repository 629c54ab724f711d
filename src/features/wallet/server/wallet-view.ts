import { desc, eq } from "drizzle-orm";
import { redeemRedemptions, type Database } from "@/lib/db";
import { getEnv } from "@/lib/env";
import type { TopUpOptions, WalletView } from "../types";
import { walletBalance, walletLedgerEntries } from "./ledger";
import { getPayAsYouGo } from "./settings";

/** The largest single top-up (the providers' own limits are far above it; a typo is not). */
const TOPUP_MAX_FEN = 5_000_000;

/** The operator's fixed top-up amounts and the least custom amount (WALLET_TOPUP_*). */
export function topUpOptions(): TopUpOptions {
  const env = getEnv();
  const amountsFen = env.WALLET_TOPUP_AMOUNTS_FEN.split(",").map(Number).filter((fen) => fen >= env.WALLET_TOPUP_MIN_FEN && fen <= TOPUP_MAX_FEN);
  return { amountsFen, minFen: env.WALLET_TOPUP_MIN_FEN, maxFen: TOPUP_MAX_FEN };
}

/** What the billing page's 余额 section shows. */
export async function getWalletView(db: Database, userId: string): Promise<WalletView> {
  const [balanceFen, entries, payAsYouGo] = [await walletBalance(db, userId), await walletLedgerEntries(db, userId, 30), await getPayAsYouGo(db, userId)];
  // 兑换记录: plan codes leave no ledger entry, so the user sees every redemption here, as worded then.
  const redemptions = await db
    .select({ id: redeemRedemptions.id, granted: redeemRedemptions.granted, createdAt: redeemRedemptions.createdAt })
    .from(redeemRedemptions)
    .where(eq(redeemRedemptions.userId, userId))
    .orderBy(desc(redeemRedemptions.createdAt))
    .limit(20);
  return {
    balanceFen,
    entries: entries.map((entry) => ({ id: entry.id, kind: entry.kind, amountFen: entry.amountFen, balanceAfterFen: entry.balanceAfterFen, cause: entry.cause, createdAt: entry.createdAt.toISOString() })),
    payAsYouGo,
    redemptions: redemptions.map((row) => ({ id: row.id, granted: row.granted, createdAt: row.createdAt.toISOString() })),
    topUp: topUpOptions(),
  };
}
