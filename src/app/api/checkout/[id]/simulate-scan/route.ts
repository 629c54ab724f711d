import { requireCurrentUserId } from "@/features/auth/server";
import { paidOrderReturnPath } from "@/features/billing";
import { requireLocalTestCheckout, simulateQrScan } from "@/features/billing/server";
import { withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";

type Context = { params: Promise<{ id: string }> };

/** 模拟扫码支付 (test mode): the phone's part of a QR payment; the plan is active at once. */
export const POST = withApiErrors(async (_request: Request, context: Context) => {
  requireLocalTestCheckout();
  const userId = await requireCurrentUserId();
  const order = await simulateQrScan(await getDatabase(), userId, (await context.params).id);
  return Response.json({ status: "paid", redirectTo: paidOrderReturnPath(order) });
});
