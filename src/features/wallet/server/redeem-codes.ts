import { randomBytes } from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { calendarDate, formatAmountFen } from "@/features/billing";
import { ApiRouteError } from "@/lib/api";
import { aiQuotaGrants, redeemBatches, redeemCodes, redeemRedemptions, type Database, type RedeemBatch } from "@/lib/db";
import type { RedeemBatchBody } from "../redeem-schema";
import { appRateLimitStore } from "@/lib/rate-limit";
import { postWalletEntry } from "./ledger";
import type { RedeemPlans } from "./redeem-plans";

/** Crockford's base32 without I, L, O, U: no two characters a person mixes up when typing a code. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A fresh code: 16 characters = 80 random bits, shown in groups of four (XXXX-XXXX-XXXX-XXXX). */
export function newRedeemCode(): string {
  const bytes = randomBytes(16);
  const characters = Array.from(bytes, (byte) => ALPHABET[byte & 31]).join("");
  return characters.match(/.{4}/g)!.join("-");
}

/** A code as typed (lower case, spaces, with or without dashes) → as stored. */
export function normalizeRedeemCode(typed: string): string {
  const plain = typed.toUpperCase().replace(/[\s-]/g, "");
  return plain.length === 16 ? plain.match(/.{4}/g)!.join("-") : plain;
}

/** Creates a batch and its codes (one insert per 1 000); answers the batch. */
export async function createRedeemBatch(db: Database, input: RedeemBatchBody, createdBy: string, { now = new Date(), plans }: { now?: Date; plans?: RedeemPlans } = {}): Promise<RedeemBatch> {
  if (input.kind === "plan" && !(input.planId && plans?.nameOf(input.planId))) throw new ApiRouteError(400, "套餐不存在或是免费版");
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(redeemBatches)
      .values({ kind: input.kind, value: input.value, planId: input.kind === "plan" ? input.planId : null, maxUses: input.maxUses, perUserLimit: input.perUserLimit, expiresAt: input.expiresAt ? new Date(input.expiresAt) : null, note: input.note, createdBy, createdAt: now })
      .returning();
    for (let made = 0; made < input.count; made += 1000) {
      const rows = Array.from({ length: Math.min(1000, input.count - made) }, () => ({ batchId: batch!.id, code: newRedeemCode() }));
      await tx.insert(redeemCodes).values(rows);
    }
    return batch!;
  });
}

/** What a batch gives, as both sides read it (a plan by its name when `plans` knows it: 「专业版 30 天」). */
export function describeRedeemValue(batch: Pick<RedeemBatch, "kind" | "value" | "planId">, plans?: Pick<RedeemPlans, "nameOf">): string {
  if (batch.kind === "balance") return `余额 ${formatAmountFen(batch.value)}`;
  if (batch.kind === "plan") return `${(batch.planId && plans?.nameOf(batch.planId)) || batch.planId} ${batch.value} 天`;
  return `${batch.value.toLocaleString("zh-CN")} tokens（当月额度）`;
}

export type RedeemResult = { value: string; kind: RedeemBatch["kind"] };

/**
 * Redeems a code for the user. The code's row is taken with a conditional update (`uses < max`),
 * which locks it: concurrent redemptions of one code queue there, so a single-use code is redeemed
 * exactly once however many processes try; the per-user limit is checked after that lock. Balance
 * codes post a `redeem` ledger entry, token codes an operator grant for this month, plan codes the
 * plan for N days (billing's `plans.grant`; its refusal rolls the redemption back).
 */
export async function redeemCode(db: Database, userId: string, typed: string, { ip = null, now = new Date(), plans }: RedeemOptions = {}): Promise<RedeemResult> {
  const code = normalizeRedeemCode(typed);
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ code: redeemCodes, batch: redeemBatches }).from(redeemCodes).innerJoin(redeemBatches, eq(redeemBatches.id, redeemCodes.batchId)).where(eq(redeemCodes.code, code)).limit(1);
    if (!found) throw new ApiRouteError(404, "兑换码无效，请检查后重新输入");
    const { batch } = found;
    if (batch.disabledAt) throw new ApiRouteError(410, "这个兑换码已停用");
    if (batch.expiresAt && batch.expiresAt <= now) throw new ApiRouteError(410, "这个兑换码已过期");
    const [taken] = await tx
      .update(redeemCodes)
      .set({ uses: sql`${redeemCodes.uses} + 1` })
      .where(and(eq(redeemCodes.id, found.code.id), sql`${redeemCodes.uses} < ${batch.maxUses}`))
      .returning({ id: redeemCodes.id });
    if (!taken) throw new ApiRouteError(409, "这个兑换码已被使用");
    const [mine] = await tx.select({ total: count() }).from(redeemRedemptions).where(and(eq(redeemRedemptions.codeId, found.code.id), eq(redeemRedemptions.userId, userId)));
    if ((mine?.total ?? 0) >= batch.perUserLimit) throw new ApiRouteError(409, "您已经兑换过这个兑换码了");
    const granted = describeRedeemValue(batch, plans);
    const [redemption] = await tx.insert(redeemRedemptions).values({ codeId: found.code.id, batchId: batch.id, userId, ip, granted, createdAt: now }).returning({ id: redeemRedemptions.id });
    const cause = `兑换码 ${code.slice(0, 4)}…${code.slice(-4)}：${granted}`;
    if (batch.kind === "balance") {
      await postWalletEntry(tx, { userId, kind: "redeem", amountFen: batch.value, cause, reference: `redeem:${redemption!.id}`, now });
    } else if (batch.kind === "plan") {
      if (!plans) throw new Error("redeemCode: plan codes need billing's plans");
      await plans.grant(tx, userId, batch.planId!, batch.value, now);
    } else {
      const { year, month } = calendarDate(now);
      await tx.insert(aiQuotaGrants).values({ userId, tokens: batch.value, reason: cause, adminId: batch.createdBy, period: `${year}-${String(month).padStart(2, "0")}`, createdAt: now });
    }
    return { value: granted, kind: batch.kind };
  });
}

export type RedeemOptions = { ip?: string | null; now?: Date; plans?: RedeemPlans };

/** Redemption attempts per minute: codes are not to be guessed by trying (80 bits already make it hopeless). */
const ATTEMPTS_PER_MINUTE = { user: 10, address: 30 };

/** `POST /api/billing/redeem`: `redeemCode` behind a per-user and per-address limit on attempts (429). */
export async function redeemCodeLimited(db: Database, userId: string, typed: string, { ip = null, now = new Date(), plans }: RedeemOptions = {}): Promise<RedeemResult> {
  const [byUser = 0, byAddress = 0] = await appRateLimitStore(db).increment([`redeem:user:${userId}`, ...(ip ? [`redeem:ip:${ip}`] : [])], 60_000);
  if (byUser > ATTEMPTS_PER_MINUTE.user || byAddress > ATTEMPTS_PER_MINUTE.address) throw new ApiRouteError(429, "兑换尝试太频繁，请一分钟后再试");
  return redeemCode(db, userId, typed, { ip, now, plans });
}

export type RedeemBatchView = RedeemBatch & { codes: number; redemptions: number };

/** The console's batches, newest first, with how many codes and redemptions each has. */
export async function listRedeemBatches(db: Database, limit = 100): Promise<RedeemBatchView[]> {
  const rows = await db
    .select({
      batch: redeemBatches,
      codes: sql<number>`(select count(*) from ${redeemCodes} c where c.batch_id = ${redeemBatches.id})`.mapWith(Number),
      redemptions: sql<number>`(select count(*) from ${redeemRedemptions} r where r.batch_id = ${redeemBatches.id})`.mapWith(Number),
    })
    .from(redeemBatches)
    .orderBy(desc(redeemBatches.createdAt))
    .limit(limit);
  return rows.map(({ batch, codes, redemptions }) => ({ ...batch, codes, redemptions }));
}

/** Stops a batch: none of its codes redeems any more. Answers whether it was active. */
export async function disableRedeemBatch(db: Database, batchId: string, now = new Date()): Promise<boolean> {
  const disabled = await db.update(redeemBatches).set({ disabledAt: now }).where(and(eq(redeemBatches.id, batchId), sql`${redeemBatches.disabledAt} is null`)).returning({ id: redeemBatches.id });
  return disabled.length > 0;
}

/** A batch's codes as CSV (code, uses, max uses, value, expiry, note) for selling or handing out elsewhere. */
export async function redeemBatchCsv(db: Database, batchId: string, plans?: Pick<RedeemPlans, "nameOf">): Promise<string | null> {
  const [batch] = await db.select().from(redeemBatches).where(eq(redeemBatches.id, batchId)).limit(1);
  if (!batch) return null;
  const codes = await db.select().from(redeemCodes).where(eq(redeemCodes.batchId, batchId)).orderBy(redeemCodes.code);
  // A note is free text: quoted, with quotes doubled, and a leading =+-@ neutralised (spreadsheet formulas).
  const cell = (text: string) => `"${(/^[=+\-@]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
  const lines = [["兑换码", "已使用次数", "可使用次数", "面值", "过期时间", "备注"].join(",")];
  for (const row of codes) lines.push([row.code, row.uses, batch.maxUses, cell(describeRedeemValue(batch, plans)), batch.expiresAt?.toISOString() ?? "", cell(batch.note)].join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
