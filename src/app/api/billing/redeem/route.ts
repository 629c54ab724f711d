import { requireCurrentUserId } from "@/features/auth/server";
import { redeemBodySchema } from "@/features/wallet";
import { redeemCodeLimited } from "@/features/wallet/server";
import { parseJsonBody, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { visitorIp } from "@/lib/supabase/visitor-ip";

export const dynamic = "force-dynamic";

/** 兑换码: `{code}` → `{kind, value}` (what was added); attempts limited per user and per address. */
export const POST = withApiErrors(async (request: Request) => {
  const userId = await requireCurrentUserId();
  const { code } = await parseJsonBody(request, redeemBodySchema);
  const result = await redeemCodeLimited(await getDatabase(), userId, code, { ip: visitorIp(request.headers) ?? null });
  return Response.json(result, { headers: { "Cache-Control": "private, no-store" } });
});
