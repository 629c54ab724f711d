import { requireCurrentUserId } from "@/features/auth/server";
import { orderPagePath, requireLocalTestCheckout, showLocalOrderAsQr } from "@/features/billing/server";
import { parseJsonBody, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { z } from "@/lib/zod";

type Context = { params: Promise<{ id: string }> };

const bodySchema = z.object({ brand: z.enum(["wechat_pay", "alipay"], { message: "请选择微信支付或支付宝" }) });

/** Test mode: pay this local order with a simulated 微信支付 / 支付宝 QR on the real order page. */
export const POST = withApiErrors(async (request: Request, context: Context) => {
  requireLocalTestCheckout();
  const userId = await requireCurrentUserId();
  const { brand } = await parseJsonBody(request, bodySchema);
  const { id } = await context.params;
  await showLocalOrderAsQr(await getDatabase(), userId, id, brand);
  return Response.json({ redirectTo: orderPagePath(id) });
});
