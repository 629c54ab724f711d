import { desc, eq, sql } from "drizzle-orm";
import { walletBalances, walletLedger, type Database, type WalletEntryKind, type WalletLedgerEntry } from "@/lib/db";

export interface WalletPost {
  userId: string;
  kind: WalletEntryKind;
  /** Signed 分: positive credits, negative debits. */
  amountFen: number;
  /** Why, in Chinese (shown to the user and the console). */
  cause: string;
  /** What caused it, unique in the ledger: a second post with it changes nothing. */
  reference?: string | null;
  actorId?: string | null;
  now?: Date;
  /** A debit larger than the balance takes what is there instead of being refused. */
  partial?: boolean;
}

export type WalletPostResult =
  | { outcome: "posted"; entryId: string; postedFen: number; balanceFen: number }
  | { outcome: "duplicate"; entryId: string; postedFen: number; balanceFen: number }
  | { outcome: "insufficient" | "nothing"; balanceFen: number };

type PostRow = { outcome: WalletPostResult["outcome"]; entry_id: string | null; posted_fen: string | number; balance_after: string | number };

/**
 * Changes a balance: the ledger entry and the balance in one call of `spark_wallet_post`
 * (migration 0034), under the balance row's lock, so concurrent spends queue and none overdraws.
 * Runs inside the caller's transaction when given one.
 */
export async function postWalletEntry(db: Database, post: WalletPost): Promise<WalletPostResult> {
  if (!Number.isSafeInteger(post.amountFen) || post.amountFen === 0) throw new Error(`余额变动必须是非零整数分：${post.amountFen}`);
  const { rows } = await db.execute<PostRow>(sql`
    select outcome, entry_id, posted_fen, balance_after from spark_wallet_post(
      ${post.userId}::uuid, ${post.kind}, ${post.amountFen}::bigint, ${post.cause}, ${post.reference ?? null},
      ${post.actorId ?? null}::uuid, ${post.now ?? new Date()}, ${post.partial ?? false})`);
  const row = rows[0]!;
  const balanceFen = Number(row.balance_after);
  if (row.outcome === "posted" || row.outcome === "duplicate") return { outcome: row.outcome, entryId: row.entry_id!, postedFen: Number(row.posted_fen), balanceFen };
  return { outcome: row.outcome, balanceFen };
}

/** The user's balance in 分 (0 before their first entry). */
export async function walletBalance(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ balanceFen: walletBalances.balanceFen }).from(walletBalances).where(eq(walletBalances.userId, userId)).limit(1);
  return Number(row?.balanceFen ?? 0);
}

/** The user's latest ledger entries, newest first. */
export async function walletLedgerEntries(db: Database, userId: string, limit = 50): Promise<WalletLedgerEntry[]> {
  const rows = await db.select().from(walletLedger).where(eq(walletLedger.userId, userId)).orderBy(desc(walletLedger.createdAt), desc(walletLedger.id)).limit(limit);
  return rows.map((row) => ({ ...row, amountFen: Number(row.amountFen), balanceAfterFen: Number(row.balanceAfterFen) }));
}

/** The ledger entry posted under a reference, if any. */
export async function walletEntryByReference(db: Database, reference: string): Promise<WalletLedgerEntry | undefined> {
  const [row] = await db.select().from(walletLedger).where(eq(walletLedger.reference, reference)).limit(1);
  return row;
}
