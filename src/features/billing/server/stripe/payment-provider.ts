import { ApiRouteError, withApiErrors } from "@/lib/api";
import { billingCopy } from "../../copy";
import { localPeriodManagement } from "../local/payment-provider";
import type { PaymentProvider, PaymentSetup } from "../providers/types";
import { createStripeCheckout } from "./checkout";
import { stripeDefinition } from "./definition";
import { stripeRefundGateway } from "./refund";
import { handleStripeWebhookRequest } from "./webhook-request";

/**
 * Stripe (STRIPE_SECRET_KEY): a subscription Stripe renews itself; its orders have no timeout to
 * close. Without the key, a period once bought with Stripe is managed by the local rules (cancel
 * and downgrade move no money here), as before Stripe was switched off.
 */
export function stripePaymentProvider({ stripe: setup }: PaymentSetup): PaymentProvider {
  const checkout = setup ? createStripeCheckout(setup) : null;
  const { setCancelAtPeriodEnd, scheduleDowngrade, undoDowngrade, portalUrl } = checkout ?? localPeriodManagement;
  return {
    id: stripeDefinition.id,
    definition: stripeDefinition,
    configured: checkout !== null,
    setCancelAtPeriodEnd,
    scheduleDowngrade,
    undoDowngrade,
    portalUrl,

    async createPayment(context, { plan, interval, current }) {
      if (!checkout) throw new ApiRouteError(503, billingCopy.errors.paymentNotOpen);
      return checkout.startCheckout(context, { plan, interval, current });
    },

    // Signature-verified, each event processed once; answered in our {statusCode, message} shape.
    handleNotification: (request, database) => withApiErrors(async (incoming: Request) => handleStripeWebhookRequest(incoming, setup, await database()))(request),

    refunds: setup ? stripeRefundGateway(setup) : null,
  };
}
