import type { DatabaseHandle } from "@/lib/db";
import { closeExpiredOrders, type ClosedOrders } from "./close-expired-orders";
import type { PaymentProviders } from "../providers/registry";
import { processSingleton } from "@/lib/process-singleton";

/** Session-level advisory lock of the job on PostgreSQL (the migrations use 7_302_118_431). */
export const EXPIRED_ORDERS_LOCK_KEY = 7_302_118_500;
export const EXPIRED_ORDERS_INTERVAL_MS = 60_000;

/**
 * One run of the job. On PostgreSQL several app processes share the database: the run takes a
 * session advisory lock on one dedicated connection with pg_try_advisory_lock, so only one process
 * works at a time and the others skip this round (null). PGlite has a single owner process (its
 * data-dir lock), so it simply runs.
 */
export async function runExpiredOrdersJob(handle: DatabaseHandle, providers: PaymentProviders, now = new Date()): Promise<ClosedOrders | null> {
  if (handle.driver === "pglite") return closeExpiredOrders(handle.db, providers, now);
  const client = await handle.pool.connect();
  let failure: unknown;
  try {
    const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [EXPIRED_ORDERS_LOCK_KEY]);
    if (!rows[0]?.locked) return null;
    try {
      return await closeExpiredOrders(handle.db, providers, now);
    } finally {
      await client.query("select pg_advisory_unlock($1)", [EXPIRED_ORDERS_LOCK_KEY]);
    }
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    client.release(failure instanceof Error ? failure : undefined);
  }
}

/**
 * Starts the periodic job in this server process (once, also across dev-server reloads). Unpaid
 * orders are also closed lazily when their page asks, so a missed round only delays the close.
 */
export function startExpiredOrdersJob(getHandle: () => Promise<DatabaseHandle>, getProviders: () => PaymentProviders, intervalMs = EXPIRED_ORDERS_INTERVAL_MS): void {
  processSingleton("sparkai.expiredOrdersJob", () => scheduleExpiredOrders(getHandle, getProviders, intervalMs));
}

function scheduleExpiredOrders(getHandle: () => Promise<DatabaseHandle>, getProviders: () => PaymentProviders, intervalMs: number): ReturnType<typeof setInterval> {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const providers = getProviders();
      // Nothing to close without a configured provider whose orders expire (微信支付, 支付宝, the test mode).
      if (!providers.all.some((provider) => provider.configured && provider.closeExpiredOrders)) return;
      await runExpiredOrdersJob(await getHandle(), providers);
    } catch (error) {
      console.warn("关闭超时订单的任务失败", error instanceof Error ? error.message : error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref?.();
  return timer;
}
