import { requireCurrentUserId } from "@/features/auth/server";
import { billingCopy } from "@/features/billing";
import { getProviders, readCheckoutOrderView } from "@/features/billing/server";
import { ApiRouteError, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/**
 * The order page's poll: this user's order (another user's id is 404), after asking the provider
 * about a pending one — a return without a notification yet still lands as 支付成功.
 */
export const GET = withApiErrors(async (_request: Request, context: Context) => {
  const userId = await requireCurrentUserId();
  const view = await readCheckoutOrderView(await getDatabase(), getProviders(), userId, (await context.params).id, { sync: true });
  if (!view) throw new ApiRouteError(404, billingCopy.errors.orderNotFound);
  return Response.json(view, { headers: { "Cache-Control": "private, no-store" } });
});
