import { requireCurrentUserId } from "@/features/auth/server";
import { orderPagePath, requireLocalTestCheckout, showLocalOrderAsQr } from "@/features/billing/server";
import { QR_PROVIDERS, type ProviderName } from "@/features/billing";
import { parseJsonBody, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { z } from "@/lib/zod";

type Context = { params: Promise<{ id: string }> };

// 微信支付 / 支付宝: the providers paid by a QR on our order page.
const brands = QR_PROVIDERS.map((definition) => definition.id) as [ProviderName, ...ProviderName[]];
const bodySchema = z.object({ brand: z.enum(brands, { message: `请选择${QR_PROVIDERS.map((definition) => definition.label).join("或")}` }) });

/** Test mode: pay this local order with a simulated 微信支付 / 支付宝 QR on the real order page. */
export const POST = withApiErrors(async (request: Request, context: Context) => {
  requireLocalTestCheckout();
  const userId = await requireCurrentUserId();
  const { brand } = await parseJsonBody(request, bodySchema);
  const { id } = await context.params;
  await showLocalOrderAsQr(await getDatabase(), userId, id, brand);
  return Response.json({ redirectTo: orderPagePath(id) });
});
