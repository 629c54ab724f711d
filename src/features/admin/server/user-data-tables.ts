import {
  aiConversationPins,
  aiQuotaGrants,
  aiQuotaReservations,
  aiRunningTasks,
  aiUsageEvents,
  aiUsageMonthlyUser,
  announcementDismissals,
  apiCallLogs,
  apiKeys,
  conversationShares,
  modelConversations,
  modelFiles,
  modelMessages,
  moderationBlockedAnswers,
  notes,
  personalDataExports,
  renewalReminders,
  scheduledPlanChanges,
  subscriptions,
  walletSettings,
  inviteCodes,
  knowledgeBases,
  knowledgeDocuments,
  webSearches,
} from "@/lib/db/schema";

/**
 * The product tables whose rows a deleted user's id erases (the console's 删除用户 and 注销账号 alike,
 * through eraseUserData). A new table with a user id belongs here or in KEPT_USER_TABLES, with its
 * reason: user-data-tables.test.ts fails until it is in one of them.
 */
export const ERASED_USER_TABLES = [
  notes,
  modelMessages,
  modelConversations,
  modelFiles,
  aiUsageEvents,
  // Emptied already by the trigger on ai_usage_events (which also takes their events out of
  // ai_usage_daily, whose rows name no user); listed so a user's rollup rows can never outlive them.
  aiUsageMonthlyUser,
  aiQuotaGrants,
  aiQuotaReservations,
  aiRunningTasks,
  apiKeys,
  // The keys' 调用日志 (no messages, only what each call was): nothing to keep once the keys are gone.
  apiCallLogs,
  aiConversationPins,
  conversationShares,
  subscriptions,
  scheduledPlanChanges,
  renewalReminders,
  announcementDismissals,
  personalDataExports,
  // Markers of answers cut by content safety: their conversations are deleted with the user.
  moderationBlockedAnswers,
  // The 按量付费 choice: nothing to keep once the account is gone.
  walletSettings,
  // The invitation link's code: a deleted user invites nobody any more.
  inviteCodes,
  // 知识库 and their documents (chunks cascade); the documents' bytes go with the user's stored files.
  knowledgeDocuments,
  knowledgeBases,
  // 联网搜索 counts (no query text): nothing to keep once the account is gone.
  webSearches,
] as const;

/** Tables with a user id that deletion keeps on purpose, and why (PIPL allows what another law requires). */
export const KEPT_USER_TABLES: Readonly<Record<string, string>> = {
  // Financial records (bookkeeping law, refunds, disputes with the payment provider): 注销账号
  // re-keys them to a fresh pseudonym; once the auth user is gone their id points at nobody.
  checkout_orders: "financial record",
  payments: "financial record",
  checkout_refunds: "financial record",
  // The balance and its ledger (top-ups, spends, refunds): re-keyed with the orders, the balance stays its ledger's sum.
  wallet_balances: "financial record",
  wallet_ledger: "financial record",
  // Which codes were redeemed (a sold code's value is money): re-keyed with the ledger.
  redeem_redemptions: "financial record",
  // An issued 发票 is a tax record; its title / tax number are what the invoice was made out to.
  invoice_requests: "tax record",
  // Who did what to whom is the operator's accountability, and it logs the deletion itself.
  admin_audit_log: "operator accountability",
  // Network logs kept for LOG_RETENTION_DAYS (网络安全法), then purged by the retention job.
  moderation_hits: "network log, purged after the retention period",
  // Complaints about an account are the operator's record of handling them (投诉举报).
  content_reports: "complaint record",
  // The pending request itself: removed by 注销账号 once the auth user is deleted.
  account_deletion_requests: "removed last by 注销账号",
};
