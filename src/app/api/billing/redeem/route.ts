import { requireCurrentUserId } from "@/features/auth/server";
import { redeemablePlans } from "@/features/billing/server";
import { redeemBodySchema } from "@/features/wallet";
import { redeemCodeLimited } from "@/features/wallet/server";
import { parseJsonBody, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { visitorIp } from "@/lib/supabase/visitor-ip";

export const dynamic = "force-dynamic";

/** 兑换码: `{code}` → `{kind, value}` (what was added: balance, tokens or a plan for N days); attempts limited per user and per address. */
export const POST = withApiErrors(async (request: Request) => {
  const userId = await requireCurrentUserId();
  const { code } = await parseJsonBody(request, redeemBodySchema);
  const db = await getDatabase();
  const result = await redeemCodeLimited(db, userId, code, { ip: visitorIp(request.headers) ?? null, plans: await redeemablePlans(db) });
  return Response.json(result, { headers: { "Cache-Control": "private, no-store" } });
});
