import { getCurrentUser, requireCurrentUserId } from "@/features/auth/server";
import { topUpBodySchema } from "@/features/billing";
import { startTopUp, wechatMpOpenId } from "@/features/billing/server";
import { parseJsonBody, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { visitorIp } from "@/lib/supabase/visitor-ip";

export const dynamic = "force-dynamic";

/** 余额充值: `{amountFen, method?}` → `{url, jsapi?}`, paid like a plan's order (see /api/checkout). */
export const POST = withApiErrors(async (request: Request) => {
  const userId = await requireCurrentUserId();
  const body = await parseJsonBody(request, topUpBodySchema);
  const payer = {
    openid: body.method === "wechat_jsapi" ? wechatMpOpenId(await getCurrentUser()) : undefined,
    clientIp: body.method === "wechat_h5" ? visitorIp(request.headers) : undefined,
  };
  const result = await startTopUp(await getDatabase(), userId, body, { payer });
  return Response.json(result, { headers: { "Cache-Control": "private, no-store" } });
});
