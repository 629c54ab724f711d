import { getCurrentUser, requireCurrentUserId } from "@/features/auth/server";
import { checkoutBodySchema } from "@/features/billing";
import { checkoutAvailability, getProviders, startCheckout, wechatMpOpenId } from "@/features/billing/server";
import { parseJsonBody, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { visitorIp } from "@/lib/supabase/visitor-ip";

export const dynamic = "force-dynamic";

/**
 * Starts paying for a plan: `{planId, interval, method?}` → `{url, jsapi?}` (the local test checkout,
 * Stripe Checkout, or a 微信支付 / 支付宝 order: our QR page or the provider's cashier).
 */
export const POST = withApiErrors(async (request: Request) => {
  const userId = await requireCurrentUserId();
  const body = await parseJsonBody(request, checkoutBodySchema);
  const payer = {
    openid: body.method === "wechat_jsapi" ? wechatMpOpenId(await getCurrentUser()) : undefined,
    clientIp: body.method === "wechat_h5" ? visitorIp(request.headers) : undefined,
  };
  const result = await startCheckout(await getDatabase(), userId, body, { payer });
  return Response.json(result, { headers: { "Cache-Control": "private, no-store" } });
});

/** How one can pay here (the static pricing page asks at run time): Stripe / the test mode, and the configured 微信支付 / 支付宝 methods. */
export const GET = withApiErrors(async () => {
  // Read only when 微信支付 JSAPI could be offered (it needs the WeChat sign-in).
  const answer = await checkoutAvailability(getProviders(), () => getCurrentUser());
  return Response.json(answer, { headers: { "Cache-Control": "private, no-store" } });
});
