import { getProviders, handleStripeWebhookRequest } from "@/features/billing/server";
import { withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";

export const dynamic = "force-dynamic";

/** Stripe webhooks: signature-verified, each event processed once. */
export const POST = withApiErrors(async (request: Request) =>
  handleStripeWebhookRequest(request, getProviders().stripe, await getDatabase()),
);
