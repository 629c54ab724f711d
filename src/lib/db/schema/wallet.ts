import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** Every kind of balance change (the ledger's `kind`); amounts are signed 分. */
export const WALLET_ENTRY_KINDS = ["topup", "spend", "refund", "grant", "redeem", "reward", "expiry"] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

/**
 * A user's balance (余额) in 分. Written only by `spark_wallet_post` (migration 0034), in the same
 * statement as its ledger entry, under this row's lock: the balance is always its ledger's sum, and
 * the CHECK makes an overdraft impossible whatever the caller does.
 */
export const walletBalances = pgTable(
  "wallet_balances",
  {
    userId: uuid("user_id").primaryKey(),
    balanceFen: bigint("balance_fen", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("wallet_balances_not_negative", sql`${table.balanceFen} >= 0`)],
);

/**
 * One row per balance change, never updated or deleted. `reference` names what caused it
 * (`topup:<order>`, `refund:<refund id>`, `usage:<message id>`…) and is unique: a repeated
 * notification or settlement finds its entry and changes nothing.
 */
export const walletLedger = pgTable(
  "wallet_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull(),
    kind: text("kind", { enum: WALLET_ENTRY_KINDS }).notNull(),
    amountFen: bigint("amount_fen", { mode: "number" }).notNull(),
    balanceAfterFen: bigint("balance_after_fen", { mode: "number" }).notNull(),
    /** Why, in Chinese, as the user and the console read it. */
    cause: text("cause").notNull(),
    reference: text("reference"),
    /** The operator who made the change (grants, adjustments); null for the user's own actions. */
    actorId: uuid("actor_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("wallet_ledger_reference_key").on(table.reference),
    index("wallet_ledger_user_created_idx").on(table.userId, table.createdAt),
    check("wallet_ledger_kind", sql.raw(`kind in (${WALLET_ENTRY_KINDS.map((kind) => `'${kind}'`).join(", ")})`)),
    check("wallet_ledger_amount_not_zero", sql`${table.amountFen} <> 0`),
    check("wallet_ledger_balance_not_negative", sql`${table.balanceAfterFen} >= 0`),
  ],
);

/** The user's 按量付费 choice: on / off and a monthly ceiling of what calls may take from the balance. */
export const walletSettings = pgTable(
  "wallet_settings",
  {
    userId: uuid("user_id").primaryKey(),
    payAsYouGo: boolean("pay_as_you_go").notNull().default(false),
    /** 分 per China-time month; null = no ceiling but the balance. */
    monthlyCeilingFen: bigint("monthly_ceiling_fen", { mode: "number" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("wallet_settings_ceiling_positive", sql`${table.monthlyCeilingFen} is null or ${table.monthlyCeilingFen} > 0`)],
);

/**
 * The operator's price of one app (absent: the base token price ×1). `tokens`: the base price per
 * million tokens times `multiplierPermille` / 1000 (倍率), or the app's own input / output prices;
 * `call`: `callFen` per call. Integers only: money never passes through a float.
 */
export const appPrices = pgTable(
  "app_prices",
  {
    appid: text("appid").primaryKey(),
    mode: text("mode", { enum: ["tokens", "call"] }).notNull().default("tokens"),
    multiplierPermille: integer("multiplier_permille").notNull().default(1000),
    inputFenPerMillion: integer("input_fen_per_million"),
    outputFenPerMillion: integer("output_fen_per_million"),
    callFen: integer("call_fen"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("app_prices_multiplier_positive", sql`${table.multiplierPermille} > 0`),
    check("app_prices_not_negative", sql`coalesce(${table.inputFenPerMillion}, 0) >= 0 and coalesce(${table.outputFenPerMillion}, 0) >= 0 and coalesce(${table.callFen}, 0) >= 0`),
    check("app_prices_call_has_price", sql`${table.mode} <> 'call' or ${table.callFen} is not null`),
  ],
);

export type WalletLedgerEntry = typeof walletLedger.$inferSelect;
export type WalletSettings = typeof walletSettings.$inferSelect;
export type AppPrice = typeof appPrices.$inferSelect;

/** What a batch gives: 余额 (分), tokens for the month, or a plan for N days. */
export const REDEEM_KINDS = ["balance", "tokens", "plan"] as const;

/**
 * A batch of 兑换码 the operator made: each code gives `value` (分 of balance, tokens for the
 * month it is redeemed in, or days of the plan `planId`) and can be redeemed `maxUses` times in all (1: single-use), at most
 * `perUserLimit` times by one user, until `expiresAt`; a disabled batch redeems nothing.
 */
export const redeemBatches = pgTable(
  "redeem_batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: REDEEM_KINDS }).notNull(),
    /** 分 of balance, tokens, or days of `planId` (kind `plan`, migration 0041). */
    value: integer("value").notNull(),
    planId: text("plan_id"),
    maxUses: integer("max_uses").notNull().default(1),
    perUserLimit: integer("per_user_limit").notNull().default(1),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    note: text("note").notNull().default(""),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdBy: uuid("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("redeem_batches_value_positive", sql`${table.value} > 0`),
    check("redeem_batches_uses_positive", sql`${table.maxUses} > 0 and ${table.perUserLimit} > 0`),
    check("redeem_batches_plan_kind", sql`(${table.kind} = 'plan') = (${table.planId} is not null)`),
  ],
);

/** One code of a batch; `uses` counts its redemptions and never passes the batch's `max_uses` (checked at redemption under the row's lock). */
export const redeemCodes = pgTable(
  "redeem_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => redeemBatches.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    uses: integer("uses").notNull().default(0),
  },
  (table) => [uniqueIndex("redeem_codes_code_key").on(table.code), index("redeem_codes_batch_idx").on(table.batchId), check("redeem_codes_uses_not_negative", sql`${table.uses} >= 0`)],
);

/** Every redemption: who redeemed which code when (shown to the user in their ledger / grants, to the operator per batch). */
export const redeemRedemptions = pgTable(
  "redeem_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    codeId: uuid("code_id")
      .notNull()
      .references(() => redeemCodes.id, { onDelete: "cascade" }),
    batchId: uuid("batch_id").notNull(),
    userId: uuid("user_id").notNull(),
    ip: text("ip"),
    /** What it gave, as worded then (「专业版 30 天」): the user's 兑换记录 (migration 0041; '' before it). */
    granted: text("granted").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("redeem_redemptions_code_user_idx").on(table.codeId, table.userId),
    index("redeem_redemptions_batch_idx").on(table.batchId, table.createdAt),
    index("redeem_redemptions_user_idx").on(table.userId, table.createdAt),
  ],
);

export type RedeemBatch = typeof redeemBatches.$inferSelect;
