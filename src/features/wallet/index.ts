// Client-safe part of the wallet (余额): types, copy, the settings schema.
export type { PayAsYouGoSettings, TopUpOptions, WalletEntryKind, WalletEntryView, WalletView } from "./types";
export { PAYG_REFUSALS, WALLET_ENTRY_LABELS, walletCopy } from "./copy";
export { payAsYouGoBodySchema, type PayAsYouGoBody } from "./schemas";
export { WalletCard } from "./components/wallet-card";
export { redeemBatchBodySchema, redeemBodySchema, type RedeemBatchBody } from "./redeem-schema";
export { fenToYuanInput, yuanToFen } from "./money-input";
