import type { WalletEntryKind } from "./types";

/** Names of the ledger's kinds, as the user reads them. */
export const WALLET_ENTRY_LABELS: Record<WalletEntryKind, string> = {
  topup: "充值",
  spend: "消费",
  refund: "退款",
  grant: "赠送",
  redeem: "兑换",
  reward: "奖励",
  expiry: "过期",
};

export const walletCopy = {
  balanceTitle: "余额",
  balanceHint: "余额可在套餐额度用完后按量支付 AI 调用（需开启按量付费）。",
  topUpTitle: "充值",
  customAmount: "自定义金额（元）",
  topUpButton: "去充值",
  ledgerTitle: "余额明细",
  ledgerEmpty: "还没有余额变动",
  payAsYouGoTitle: "按量付费",
  payAsYouGoLabel: "套餐额度用完后，从余额扣费继续使用",
  ceilingLabel: "每月最多扣费（元，留空表示不限）",
  saved: "已保存",
  errors: {
    amountTooSmall: (min: string) => `充值金额至少 ${min}`,
    amountTooLarge: (max: string) => `单次充值最多 ${max}`,
    amountInvalid: "请输入有效的充值金额（最多两位小数）",
    ceilingInvalid: "每月扣费上限需为大于 0 的金额（最多两位小数）",
    topUpUnavailable: "暂时无法充值，请稍后再试",
  },
} as const;

/**
 * Refusals of a call the balance was to pay for: the AI proxy's 402, whose answer on the site's pages
 * links to 充值 (ai-runtime's request error); /v1 answers them as insufficient_quota.
 */
export const PAYG_REFUSALS = {
  insufficientBalance: "本月套餐额度已用完，余额不足以支付这次调用，请先充值",
  ceilingReached: "本月按量付费已达到您设置的扣费上限，可在账单页调整上限",
} as const;
