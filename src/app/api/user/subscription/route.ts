import { requireCurrentUserId } from "@/features/auth/server";
import { getSubscriptionSummary } from "@/features/billing/server";
import { withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";

export const dynamic = "force-dynamic";

/** The signed-in user's plan, its status and period, and this month's token usage. */
export const GET = withApiErrors(async () => {
  const summary = await getSubscriptionSummary(await getDatabase(), await requireCurrentUserId());
  return Response.json(summary, { headers: { "Cache-Control": "private, no-store" } });
});
