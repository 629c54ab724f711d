import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { ApiRouteError } from "@/lib/api";
import { subscriptions } from "@/lib/db";
import { billingCopy } from "../../copy";
import { QR_METHODS } from "../../checkout-methods";
import { providerOfMethod } from "../../payment-providers";
import { planPriceFen } from "../../plans";
import { orderPagePath } from "../china-checkout/order-qr";
import { createCheckoutOrder } from "../checkout-orders";
import type { PaymentProvider, PaymentSetup, PeriodManagement } from "../providers/types";
import { localRefundGateway } from "../refunds/gateway";
import { clearScheduledChange, saveScheduledChange } from "../scheduled-changes";
import { localDefinition } from "./definition";
import { simulatedPageSessionId } from "./simulated";
import { closeExpiredTestQrOrders, closeTestQrOrder, isTestQrOrder, testOrderTimeoutMs, testQrSessionId } from "./test-qr";

/**
 * Managing a local period moves no money: cancel, resume and downgrades are database changes
 * (period ends are applied lazily on read, settle-period.ts). Also the fallback for a Stripe period
 * when Stripe is not configured.
 */
export const localPeriodManagement: PeriodManagement = {
  async setCancelAtPeriodEnd({ db, userId, now }, _subscription, cancel) {
    await db.update(subscriptions).set({ cancelAtPeriodEnd: cancel, updatedAt: now }).where(eq(subscriptions.userId, userId));
    // Canceling supersedes a scheduled downgrade: at the period end the user goes to the free plan.
    if (cancel) await clearScheduledChange(db, userId);
  },

  async scheduleDowngrade({ db, userId }, subscription, { plan, interval }) {
    await saveScheduledChange(db, { userId, planId: plan.id, interval, effectiveAt: subscription.currentPeriodEnd ?? new Date() });
  },

  async undoDowngrade({ db, userId }) {
    await clearScheduledChange(db, userId);
  },

  async portalUrl() {
    return null;
  },
};

/**
 * The embedded test-mode provider (CHECKOUT_TEST_MODE): checkout is our own page (/checkout/{id})
 * with 支付成功 / 取消, or a simulated 微信支付 / 支付宝 QR (test-qr.ts). Where no real provider is
 * configured it also takes their methods (registry.ts): a QR method goes to the real order page with
 * 模拟扫码支付, any other to /checkout/{id} as that provider's simulated cashier (simulated.ts). It
 * takes no money, so its refund is a local record only.
 */
export function localPaymentProvider({ localTestMode }: PaymentSetup): PaymentProvider {
  return {
    id: localDefinition.id,
    definition: localDefinition,
    configured: localTestMode,
    ...localPeriodManagement,

    async createPayment({ db, userId }, { plan, interval, method }) {
      if (!localTestMode) throw new ApiRouteError(503, billingCopy.errors.paymentNotOpen);
      const amount = planPriceFen(plan, interval);
      if (!method) {
        const order = await createCheckoutOrder(db, { userId, plan, interval, amount, provider: localDefinition.id });
        return { url: `/checkout/${order.id}` };
      }
      // The path the real provider's method takes, with 模拟支付 where its own page would be.
      const id = randomUUID();
      const brand = providerOfMethod(method).id;
      const qr = QR_METHODS.includes(method);
      const providerSessionId = qr ? testQrSessionId(brand, id) : simulatedPageSessionId(brand, id);
      await createCheckoutOrder(db, { id, userId, plan, interval, amount, provider: localDefinition.id, providerSessionId });
      return { url: qr ? orderPagePath(id) : `/checkout/${id}` };
    },

    orderTimeoutMs: testOrderTimeoutMs,

    async syncOrder(db, order, { now, expired }) {
      if (isTestQrOrder(order) && expired) await closeTestQrOrder(db, order, now);
    },

    // Also when the test mode was switched off since: its simulated orders still expire.
    closeExpiredOrders: closeExpiredTestQrOrders,

    refunds: localRefundGateway,
  };
}
