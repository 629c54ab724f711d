import { requireCurrentUserId } from "@/features/auth/server";
import { billingCopy } from "@/features/billing";
import { getPortalUrl } from "@/features/billing/server";
import { ApiRouteError, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";

export const dynamic = "force-dynamic";

/** A Stripe customer-portal session for the signed-in user: `{url}` (404 in local test mode). */
export const POST = withApiErrors(async () => {
  const userId = await requireCurrentUserId();
  const url = await getPortalUrl(await getDatabase(), userId, "/dashboard/settings/billing");
  if (!url) throw new ApiRouteError(404, billingCopy.errors.noPortal);
  return Response.json({ url }, { headers: { "Cache-Control": "private, no-store" } });
});
