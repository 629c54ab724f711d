import { and, eq, lte } from "drizzle-orm";
import { checkoutOrders, type Database } from "@/lib/db";
import type { WechatPayClient } from "./client";
import { wechatPayDefinition } from "./definition";
import { closeExpiredWechatPayOrder, ORDER_TIMEOUT_MS } from "./orders";

const BATCH = 200;

/** The expired-orders job's part for 微信支付: each pending order past time_expire is queried, then closed. */
export async function closeExpiredWechatPayOrders(db: Database, client: WechatPayClient, now: Date): Promise<number> {
  const expired = await db
    .select({ id: checkoutOrders.id })
    .from(checkoutOrders)
    .where(and(eq(checkoutOrders.provider, wechatPayDefinition.id), eq(checkoutOrders.status, "pending"), lte(checkoutOrders.createdAt, new Date(now.getTime() - ORDER_TIMEOUT_MS))))
    .limit(BATCH);
  let closed = 0;
  for (const { id } of expired) {
    // One order WeChat cannot close now must not keep the others open: it is tried again next run.
    const status = await closeExpiredWechatPayOrder(db, client, id, now).catch((error: unknown) => {
      console.warn("关闭超时的微信支付订单失败", id, error instanceof Error ? error.message : error);
      return null;
    });
    if (status === "canceled") closed += 1;
  }
  return closed;
}
