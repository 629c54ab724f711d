import { requireCurrentUserId } from "@/features/auth/server";
import { checkoutBodySchema } from "@/features/billing";
import { getProviders, startCheckout } from "@/features/billing/server";
import { parseJsonBody, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";

export const dynamic = "force-dynamic";

/** Starts paying for a plan: `{planId, interval}` → `{url}` (the local test checkout or Stripe Checkout). */
export const POST = withApiErrors(async (request: Request) => {
  const userId = await requireCurrentUserId();
  const body = await parseJsonBody(request, checkoutBodySchema);
  const result = await startCheckout(await getDatabase(), userId, body);
  return Response.json(result, { headers: { "Cache-Control": "private, no-store" } });
});

/** Whether online payment is open (the static pricing page asks at run time): Stripe, or the test mode. */
export const GET = withApiErrors(async () => {
  const providers = getProviders();
  return Response.json({ open: providers.checkout !== null, testMode: providers.checkout?.name === "local" });
});
