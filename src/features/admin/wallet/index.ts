// Client-safe surface of the console's 余额与流水 (a user's page). Server side: wallet-routes.ts (the API).
export { UserWalletCard } from "./components/user-wallet-card";
export { walletAdjustBody, type WalletAdjustBody } from "./schemas";
