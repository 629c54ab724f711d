import { handlePaymentNotification } from "@/features/billing/server";

export const dynamic = "force-dynamic";

/** Stripe webhooks: signature-verified, each event processed once. */
export const POST = (request: Request) => handlePaymentNotification("stripe", request);
