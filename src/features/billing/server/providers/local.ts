import { eq } from "drizzle-orm";
import { subscriptions } from "@/lib/db";
import { planPriceFen } from "../../plans";
import { createCheckoutOrder } from "../checkout-orders";
import { clearScheduledChange, saveScheduledChange } from "../scheduled-changes";
import type { CheckoutProvider } from "./types";

/**
 * The embedded test-mode provider: checkout is our own page (/checkout/{id}) with 支付成功 / 取消;
 * period ends are applied lazily on read (settle-period.ts).
 */
export const localCheckoutProvider: CheckoutProvider = {
  name: "local",

  async startCheckout({ db, userId }, { plan, interval }) {
    const order = await createCheckoutOrder(db, { userId, plan, interval, amount: planPriceFen(plan, interval), provider: "local" });
    return { url: `/checkout/${order.id}` };
  },

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
