import { requireCurrentUserId } from "@/features/auth/server";
import { cancelLocalOrder, requireLocalTestCheckout } from "@/features/billing/server";
import { withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";

type Context = { params: Promise<{ id: string }> };

/** 取消 on the local (test-mode) checkout page: the order is closed, the plan unchanged. */
export const POST = withApiErrors(async (_request: Request, context: Context) => {
  requireLocalTestCheckout();
  const userId = await requireCurrentUserId();
  const order = await cancelLocalOrder(await getDatabase(), userId, (await context.params).id);
  return Response.json({ status: order.status, redirectTo: "/pricing" });
});
