import type { CheckoutOrder, Database } from "@/lib/db";
import type { CheckoutOrderView, OrderStatus } from "../../checkout-methods";
import { formatOrderNumber } from "../../format";
import { isTopUpOrder, topUpName } from "../../topup";
import { getPlanCatalog, type PlanCatalog } from "../plan-catalog";
import { getCheckoutOrder } from "../checkout-orders";
import { isTestQrOrder } from "../local/test-qr";
import type { PaymentProviders } from "../providers/registry";
import { brandOfOrder, orderExpiresAt, qrOfOrder } from "./order-qr";

/** A poll may ask the provider about one order at most this often (per process): polling by a script must not spend the merchant's API quota. */
export const MIN_QUERY_INTERVAL_MS = 2000;
const lastQueried = new Map<string, number>();

function mayQuery(orderId: string, now: Date, minIntervalMs: number): boolean {
  const last = lastQueried.get(orderId);
  if (last !== undefined && now.getTime() - last < minIntervalMs) return false;
  if (lastQueried.size >= 10_000) lastQueried.clear();
  lastQueried.set(orderId, now.getTime());
  return true;
}

/** Closed by its timeout (not canceled by the user before it). A pending order past it is no longer payable. */
function statusOf(order: CheckoutOrder, expiresAt: Date | null, now: Date): OrderStatus {
  if (!expiresAt) return order.status;
  if (order.status === "pending" && now >= expiresAt) return "expired";
  if (order.status === "canceled" && order.completedAt && order.completedAt >= expiresAt) return "expired";
  return order.status;
}

export function orderView(order: CheckoutOrder, providers: PaymentProviders, catalog: PlanCatalog, now: Date): CheckoutOrderView {
  const expiresAt = orderExpiresAt(order, providers);
  const status = statusOf(order, expiresAt, now);
  return {
    id: order.id,
    number: formatOrderNumber(order),
    planId: order.planId,
    planName: isTopUpOrder(order) ? topUpName(order.amount) : catalog.orFree(order.planId).name,
    interval: order.interval,
    amount: order.amount,
    currency: order.currency,
    brand: brandOfOrder(order),
    status,
    expiresAt: expiresAt?.toISOString() ?? null,
    qr: status === "pending" ? qrOfOrder(order) : null,
  };
}

/**
 * Asks the provider about a pending order (a poll or a return without a notification yet) and settles
 * it the way a notification would; an order past its timeout is closed (the provider is asked first,
 * so a payment that landed meanwhile still counts). A provider that does not answer changes nothing:
 * the page keeps polling and the notification remains the source of truth.
 */
async function syncPendingOrder(db: Database, providers: PaymentProviders, order: CheckoutOrder, now: Date, minQueryIntervalMs: number): Promise<void> {
  const expiresAt = orderExpiresAt(order, providers);
  const expired = expiresAt !== null && now >= expiresAt;
  // A simulated QR asks nobody: no quota to protect.
  if (!isTestQrOrder(order) && !mayQuery(order.id, now, minQueryIntervalMs)) return;
  try {
    await providers.byId(order.provider).syncOrder?.(db, order, { now, expired });
  } catch (error) {
    console.warn("查询支付订单失败", error instanceof Error ? error.message : error);
  }
}

/**
 * This user's order as its page shows it, or null — also for another user's order id (the route
 * answers 404 and reveals nothing). `sync` asks the provider about a pending order first.
 */
export async function readCheckoutOrderView(
  db: Database,
  providers: PaymentProviders,
  userId: string,
  orderId: string,
  { now = new Date(), sync = false, minQueryIntervalMs = MIN_QUERY_INTERVAL_MS }: { now?: Date; sync?: boolean; minQueryIntervalMs?: number } = {},
): Promise<CheckoutOrderView | null> {
  const order = await getCheckoutOrder(db, userId, orderId);
  if (!order) return null;
  const catalog = await getPlanCatalog(db);
  if (!sync || order.status !== "pending") return orderView(order, providers, catalog, now);
  await syncPendingOrder(db, providers, order, now, minQueryIntervalMs);
  const after = await getCheckoutOrder(db, userId, orderId);
  return after ? orderView(after, providers, catalog, now) : null;
}
