import { requireCurrentUserId } from "@/features/auth/server";
import { paidOrderReturnPath } from "@/features/billing";
import { completeLocalOrder, requireLocalTestCheckout } from "@/features/billing/server";
import { withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";

type Context = { params: Promise<{ id: string }> };

/** 支付成功 on the local (test-mode) checkout page: the plan is active at once. */
export const POST = withApiErrors(async (_request: Request, context: Context) => {
  requireLocalTestCheckout();
  const userId = await requireCurrentUserId();
  const order = await completeLocalOrder(await getDatabase(), userId, (await context.params).id);
  return Response.json({ status: order.status, redirectTo: paidOrderReturnPath(order) });
});
