import { requireCurrentUserId } from "@/features/auth/server";
import { invoiceRequestBodySchema } from "@/features/billing";
import { requestInvoice } from "@/features/billing/server";
import { parseJsonBody, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";

export const dynamic = "force-dynamic";

/** 申请发票 for one of the caller's paid orders: `{orderId, titleType, title, taxNumber?, email}` → the request. */
export const POST = withApiErrors(async (request: Request) => {
  const userId = await requireCurrentUserId();
  const body = await parseJsonBody(request, invoiceRequestBodySchema);
  const created = await requestInvoice(await getDatabase(), userId, body);
  return Response.json({ id: created.id, orderId: created.orderId, status: created.status }, { status: 201, headers: { "Cache-Control": "private, no-store" } });
});
