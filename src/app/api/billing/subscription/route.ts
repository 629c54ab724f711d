import { requireCurrentUserId } from "@/features/auth/server";
import { subscriptionActionSchema } from "@/features/billing";
import { changeSubscription, getSubscriptionSummary } from "@/features/billing/server";
import { parseJsonBody, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";

export const dynamic = "force-dynamic";

/** Cancel / resume at the period end, schedule or undo a downgrade; answers the new summary. */
export const POST = withApiErrors(async (request: Request) => {
  const userId = await requireCurrentUserId();
  const action = await parseJsonBody(request, subscriptionActionSchema);
  const db = await getDatabase();
  await changeSubscription(db, userId, action);
  return Response.json(await getSubscriptionSummary(db, userId), { headers: { "Cache-Control": "private, no-store" } });
});
