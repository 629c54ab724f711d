import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { walletBalances, walletLedger, type Database, type WalletEntryKind } from "@/lib/db";
import { testTargetKinds, useTestDatabase } from "../../../../test/database-targets";
import { postWalletEntry, walletBalance } from "./ledger";

/** Deterministic pseudo-random numbers (mulberry32): a failing sequence replays from its seed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function ledgerSum(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ sum: sql<string>`coalesce(sum(${walletLedger.amountFen}), 0)` }).from(walletLedger).where(eq(walletLedger.userId, userId));
  return Number(row?.sum ?? 0);
}

describe.each(testTargetKinds())("wallet ledger on %s", (kind) => {
  const database = useTestDatabase(kind);

  it("random sequences of top-ups, spends, refunds, grants and redemptions keep balance = ledger sum ≥ 0", async () => {
    const kinds: WalletEntryKind[] = ["topup", "spend", "refund", "grant", "redeem", "reward", "expiry"];
    for (const seed of [1, 2, 3, 4, 5]) {
      const random = seededRandom(seed);
      const userId = randomUUID();
      let expected = 0;
      const references: string[] = [];
      for (let step = 0; step < 40; step += 1) {
        const entryKind = kinds[Math.floor(random() * kinds.length)]!;
        const credit = entryKind === "topup" || entryKind === "grant" || entryKind === "redeem" || entryKind === "reward" || (entryKind === "refund" && random() < 0.3);
        const amount = (credit ? 1 : -1) * (1 + Math.floor(random() * 5_000));
        // Now and then a repeated reference (a notification delivered twice): it must change nothing.
        const reuse = references.length > 0 && random() < 0.15;
        const reference = reuse ? references[Math.floor(random() * references.length)]! : `test:${seed}:${step}`;
        const partial = random() < 0.3;
        const result = await postWalletEntry(database.db, { userId, kind: entryKind, amountFen: amount, cause: "测试", reference, partial });
        if (reuse) {
          expect(result.outcome).toBe("duplicate");
        } else if (expected + amount >= 0) {
          expect(result).toMatchObject({ outcome: "posted", postedFen: amount });
          expected += amount;
          references.push(reference);
        } else if (partial && expected > 0) {
          expect(result).toMatchObject({ outcome: "posted", postedFen: -expected });
          expected = 0;
          references.push(reference);
        } else {
          expect(result.outcome).toBe(partial ? "nothing" : "insufficient");
        }
        const balance = await walletBalance(database.db, userId);
        expect(balance).toBe(expected);
        expect(await ledgerSum(database.db, userId)).toBe(balance);
        expect(balance).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("200 spends at once from a balance that covers 50: exactly 50 are posted and the balance ends at 0", async () => {
    const userId = randomUUID();
    await postWalletEntry(database.db, { userId, kind: "topup", amountFen: 50 * 37, cause: "测试充值", reference: `test:${randomUUID()}` });
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => postWalletEntry(database.db, { userId, kind: "spend", amountFen: -37, cause: "调用", reference: `test:${userId}:${i}` })),
    );
    expect(results.filter((result) => result.outcome === "posted")).toHaveLength(50);
    expect(results.filter((result) => result.outcome === "insufficient")).toHaveLength(150);
    expect(await walletBalance(database.db, userId)).toBe(0);
    expect(await ledgerSum(database.db, userId)).toBe(0);
  });

  it("the database refuses an overdraft whoever writes it (the CHECK), and a zero or fractional amount", async () => {
    const userId = randomUUID();
    await postWalletEntry(database.db, { userId, kind: "grant", amountFen: 100, cause: "赠送" });
    await expect(database.db.update(walletBalances).set({ balanceFen: -1 }).where(eq(walletBalances.userId, userId))).rejects.toThrow();
    await expect(postWalletEntry(database.db, { userId, kind: "grant", amountFen: 0, cause: "赠送" })).rejects.toThrow();
    await expect(postWalletEntry(database.db, { userId, kind: "grant", amountFen: 1.5, cause: "赠送" })).rejects.toThrow();
    expect(await walletBalance(database.db, userId)).toBe(100);
  });
});
