import { randomUUID } from "node:crypto";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { ApiRouteError } from "@/lib/api";
import { adminAuditLog, checkoutOrders, checkoutRefunds, payments, type CheckoutOrder, type CheckoutRefund, type Database } from "@/lib/db";
import { formatAmountFen } from "../../format";
import { providerDefinition } from "../../payment-providers";
import type { RefundGateways } from "./gateway";
import { shortenPeriodForRefund } from "./refund-period";
import { countPayment } from "../payment-metrics";
import { isTopUpOrder } from "../../topup";
import { giveBackTopUp, takeBackTopUp } from "./topup-refund";

export type RefundActor = { userId: string; ip: string | null };

export type RefundResult = {
  refundId: string;
  orderId: string;
  amount: number;
  status: CheckoutRefund["status"];
  /** What is left to refund after this one (pending refunds count as refunded). */
  remaining: number;
  /** The subscription's new end when the plan changed (now, when it ended). */
  periodEnd: string | null;
  planEnded: boolean;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COUNTED: CheckoutRefund["status"][] = ["pending", "succeeded"];

/** The `payments` key of the charge an order made (its period is what a refund shortens; the console lists it). */
export function paymentKeyOf(order: Pick<CheckoutOrder, "id" | "provider" | "providerSessionId">): string {
  return providerDefinition(order.provider).chargeKeyOf?.(order) ?? `order:${order.id}`;
}

async function refundedSoFar(db: Database, orderId: string, statuses: CheckoutRefund["status"][], except?: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${checkoutRefunds.amount}), 0)` })
    .from(checkoutRefunds)
    .where(and(eq(checkoutRefunds.orderId, orderId), inArray(checkoutRefunds.status, statuses), except ? ne(checkoutRefunds.id, except) : undefined));
  return Number(row?.total ?? 0);
}

/** How much of a paid order can still be refunded, in 分. */
export async function refundableRemainder(db: Database, order: Pick<CheckoutOrder, "id" | "amount" | "status">): Promise<number> {
  if (order.status !== "paid") return 0;
  return Math.max(0, order.amount - (await refundedSoFar(db, order.id, COUNTED)));
}

/**
 * Step 1, under the order row's lock: the order is paid, this request id is new and the amount fits
 * what is left — then the request is recorded as `pending`, which counts against the remainder. Two
 * operators clicking at once: the second waits for the lock and then sees the first's amount.
 */
async function reserveRefund(db: Database, input: { orderId: string; amount: number; reason: string; refundId: string; actor: RefundActor; now: Date }) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(checkoutOrders).where(eq(checkoutOrders.id, input.orderId)).for("update").limit(1);
    if (!order) throw new ApiRouteError(404, "订单不存在");
    if (order.status !== "paid") throw new ApiRouteError(409, "订单未支付，不能退款");
    const [seen] = await tx.select({ id: checkoutRefunds.id }).from(checkoutRefunds).where(eq(checkoutRefunds.id, input.refundId)).limit(1);
    if (seen) throw new ApiRouteError(409, "这笔退款已经提交过了，请勿重复操作");
    const remaining = order.amount - (await refundedSoFar(tx, order.id, COUNTED));
    if (input.amount > remaining) throw new ApiRouteError(400, remaining > 0 ? `退款金额超过可退余额（最多 ${formatAmountFen(remaining, order.currency)}）` : "这笔订单已全额退款");
    if (isTopUpOrder(order)) await takeBackTopUp(tx, order, { ...input, remaining });
    await tx.insert(checkoutRefunds).values({
      id: input.refundId,
      orderId: order.id,
      userId: order.userId,
      provider: order.provider,
      amount: input.amount,
      reason: input.reason,
      actorId: input.actor.userId,
      createdAt: input.now,
    });
    return { order, remaining: remaining - input.amount };
  });
}

/**
 * The outcome of a refund from its provider, applied once (a conditional update from `pending`):
 * `succeeded` adds the negative `payments` row and shortens or ends the period; `failed` frees the
 * amount again. Called at once for providers that answer synchronously and by 微信支付's refund
 * notification; a repeat changes nothing ("duplicate").
 */
export async function settleRefund(
  db: Database,
  refundId: string,
  outcome: { status: "succeeded" | "failed"; providerRefundId?: string | null; paymentKey?: string },
  now: Date,
  gateways?: RefundGateways,
): Promise<{ result: "applied" | "duplicate" | "unknown"; periodEnd: Date | null; planEnded: boolean }> {
  const settled = await db.transaction(async (tx) => {
    const [refund] = await tx.select().from(checkoutRefunds).where(eq(checkoutRefunds.id, refundId)).limit(1);
    if (!refund) return { result: "unknown" as const };
    // The order's lock orders concurrent settlements of one order (their shares add up).
    const [order] = await tx.select().from(checkoutOrders).where(eq(checkoutOrders.id, refund.orderId)).for("update").limit(1);
    const [moved] = await tx
      .update(checkoutRefunds)
      .set({ status: outcome.status, completedAt: now, ...(outcome.providerRefundId ? { providerRefundId: outcome.providerRefundId } : {}) })
      .where(and(eq(checkoutRefunds.id, refundId), eq(checkoutRefunds.status, "pending")))
      .returning();
    if (!moved || !order) return { result: "duplicate" as const };
    countPayment(order.provider, outcome.status === "failed" ? "refund_failed" : "refunded");
    if (outcome.status === "failed") {
      if (isTopUpOrder(order)) await giveBackTopUp(tx, order, moved.id, moved.amount, now);
      return { result: "applied" as const };
    }

    const [paid] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, order.provider), eq(payments.providerPaymentId, outcome.paymentKey ?? paymentKeyOf(order))))
      .limit(1);
    await tx
      .insert(payments)
      .values({
        userId: order.userId,
        planId: order.planId,
        interval: order.interval,
        amount: -moved.amount,
        currency: order.currency,
        provider: order.provider,
        providerPaymentId: `refund:${moved.id}`,
        reason: "refund",
        periodStart: paid?.periodStart ?? null,
        periodEnd: paid?.periodEnd ?? null,
        createdAt: now,
      })
      .onConflictDoNothing();
    const refundedBefore = await refundedSoFar(tx, order.id, ["succeeded"], moved.id);
    const change = await shortenPeriodForRefund(tx, { order, paid, refundedBefore, refundedTotal: refundedBefore + moved.amount, now });
    return { result: "applied" as const, order, change };
  });
  if (settled.result !== "applied" || !("change" in settled) || !settled.change) return { result: settled.result, periodEnd: null, planEnded: false };
  const { order, change } = settled;
  try {
    await gateways?.[order.provider]?.afterPeriodChange?.(order, change.subscription, change);
  } catch (error) {
    // The money is back with the user and our period is right; the provider's copy is fixed by hand.
    console.error("退款后同步支付渠道的订阅失败", error instanceof Error ? error.message : error);
  }
  return { result: "applied", periodEnd: change.end, planEnded: change.ended };
}

/**
 * Refunds `amountFen` of a paid checkout order through the provider that took the money, with a
 * reason, for `actor` (an operator; audited as `order.refund`). `requestId` is the refund's key: the
 * console sends one per dialog, so a double click or a retry after a timeout is the same refund
 * (refused as a repeat once recorded; the provider deduplicates by it too). A provider's refusal
 * leaves nothing behind locally and is answered with its Chinese message.
 */
export async function refundOrder(
  db: Database,
  orderId: string,
  amountFen: number,
  reason: string,
  actor: RefundActor,
  options: { requestId?: string; now?: Date; gateways: RefundGateways },
): Promise<RefundResult> {
  const now = options.now ?? new Date();
  if (!UUID.test(orderId)) throw new ApiRouteError(404, "订单不存在");
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) throw new ApiRouteError(400, "退款金额必须大于 0（精确到分）");
  const text = reason.trim();
  if (!text || text.length > 200) throw new ApiRouteError(400, "请填写退款原因（最多 200 字）");
  const refundId = options.requestId ?? randomUUID();
  if (!UUID.test(refundId)) throw new ApiRouteError(400, "退款请求编号无效");

  const [known] = await db.select({ provider: checkoutOrders.provider }).from(checkoutOrders).where(eq(checkoutOrders.id, orderId)).limit(1);
  if (!known) throw new ApiRouteError(404, "订单不存在");
  const gateway = options.gateways[known.provider];
  if (!gateway) throw new ApiRouteError(503, "该支付渠道未配置，无法退款");

  const { order, remaining } = await reserveRefund(db, { orderId, amount: amountFen, reason: text, refundId, actor, now });
  let outcome;
  try {
    outcome = await gateway.refund(order, { refundId, amount: amountFen, reason: text });
  } catch (error) {
    const dropped = await db.delete(checkoutRefunds).where(and(eq(checkoutRefunds.id, refundId), eq(checkoutRefunds.status, "pending"))).returning({ id: checkoutRefunds.id });
    if (dropped.length > 0 && isTopUpOrder(order)) await giveBackTopUp(db, order, refundId, amountFen, now);
    if (error instanceof ApiRouteError) throw error;
    console.error("退款请求失败", error instanceof Error ? error.message : error);
    throw new ApiRouteError(502, "支付渠道暂时无法退款，请稍后重试");
  }
  if (outcome.providerRefundId) await db.update(checkoutRefunds).set({ providerRefundId: outcome.providerRefundId }).where(eq(checkoutRefunds.id, refundId));
  const settled = outcome.status === "succeeded" ? await settleRefund(db, refundId, { status: "succeeded", providerRefundId: outcome.providerRefundId, paymentKey: outcome.paymentKey }, now, options.gateways) : null;

  await db.insert(adminAuditLog).values({
    actorId: actor.userId,
    action: "order.refund",
    targetUserId: order.userId,
    before: { orderId: order.id, refundable: remaining + amountFen },
    after: { orderId: order.id, refundId, amount: amountFen, reason: text, provider: order.provider, status: outcome.status, refundable: remaining, periodEnd: settled?.periodEnd?.toISOString() ?? null, planEnded: settled?.planEnded ?? false },
    ip: actor.ip,
    createdAt: now,
  });
  return {
    refundId,
    orderId: order.id,
    amount: amountFen,
    status: outcome.status,
    remaining,
    periodEnd: settled?.periodEnd?.toISOString() ?? null,
    planEnded: settled?.planEnded ?? false,
  };
}
