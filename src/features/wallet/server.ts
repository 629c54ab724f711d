import "server-only";

// Server side of the wallet (余额): the ledger (the one way a balance changes) and the 按量付费 setting.
// Top-ups are billing's orders (billing/server/topup-orders.ts); calls pay through metering's admission.
export { postWalletEntry, walletBalance, walletEntryByReference, walletLedgerEntries, type WalletPost, type WalletPostResult } from "./server/ledger";
export { getPayAsYouGo, savePayAsYouGo } from "./server/settings";
export { getWalletView, topUpOptions } from "./server/wallet-view";
export { createRedeemBatch, describeRedeemValue, disableRedeemBatch, listRedeemBatches, redeemBatchCsv, redeemCode, redeemCodeLimited, type RedeemBatchView, type RedeemOptions } from "./server/redeem-codes";
export type { RedeemPlans } from "./server/redeem-plans";
