import type { WalletEntryKind } from "@/lib/db/schema/wallet";

export type { WalletEntryKind };

/** The user's 按量付费 setting. */
export interface PayAsYouGoSettings {
  enabled: boolean;
  /** 分 per month the balance may pay for calls; null = up to the balance. */
  monthlyCeilingFen: number | null;
}

/** One ledger line as the billing page shows it. */
export interface WalletEntryView {
  id: string;
  kind: WalletEntryKind;
  amountFen: number;
  balanceAfterFen: number;
  cause: string;
  createdAt: string;
}

/** What the billing page's 余额 card needs. */
export interface WalletView {
  balanceFen: number;
  entries: WalletEntryView[];
  payAsYouGo: PayAsYouGoSettings;
  /** The user's latest redemptions: what each code gave (「专业版 30 天」). */
  redemptions: { id: string; granted: string; createdAt: string }[];
  topUp: TopUpOptions;
}

/** The operator's top-up amounts (分) and the least custom amount. */
export interface TopUpOptions {
  amountsFen: number[];
  minFen: number;
  maxFen: number;
}
