import type { Database } from "@/lib/db";
import type { ProviderName } from "../../payment-provider-definition";
import type { PaymentProviders } from "../providers/registry";

/** How many orders each provider closed (every provider whose orders expire, 0 when not configured). */
export type ClosedOrders = Partial<Record<ProviderName, number>>;

/**
 * Closes every unpaid order past its timeout, provider by provider: 支付宝 (`alipay.trade.close`),
 * 微信支付 (query, then close) and the test mode's simulated QR orders. A payment that landed before
 * the close is settled instead (each provider's close asks first). Each order moves with a
 * conditional update, so two runs at once (another process) close or settle it once.
 */
export async function closeExpiredOrders(db: Database, providers: PaymentProviders, now = new Date()): Promise<ClosedOrders> {
  const closed: ClosedOrders = {};
  for (const provider of providers.all) {
    if (provider.closeExpiredOrders) closed[provider.id] = await provider.closeExpiredOrders(db, now);
  }
  return closed;
}
