import { getCurrentUser, requireCurrentUserId } from "@/features/auth/server";
import { checkoutBodySchema } from "@/features/billing";
import type { CheckoutAvailability } from "@/features/billing";
import { configuredMethods, getChinaPay, getProviders, startCheckout, wechatJsapiState, wechatMpOpenId } from "@/features/billing/server";
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
  const providers = getProviders();
  const pay = getChinaPay();
  const methods = configuredMethods(pay);
  const answer: CheckoutAvailability = {
    open: providers.checkout !== null || methods.length > 0,
    testMode: providers.checkout?.name === "local",
    defaultProvider: providers.checkout?.name === "stripe" ? "stripe" : providers.checkout ? "local" : null,
    methods,
    wechatJsapi: wechatJsapiState(pay.wechatPay !== null, pay.wechatPay ? await getCurrentUser() : null),
  };
  return Response.json(answer, { headers: { "Cache-Control": "private, no-store" } });
});
