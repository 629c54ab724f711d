// Client-safe surface of the console's 兑换码 section. Server side: "@/features/wallet/server" (redeem codes).
export { DisableRedeemBatchButton, RedeemBatchForm } from "./components/redeem-batch-form";
