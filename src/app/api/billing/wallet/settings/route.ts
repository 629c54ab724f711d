import { requireCurrentUserId } from "@/features/auth/server";
import { payAsYouGoBodySchema } from "@/features/wallet";
import { getPayAsYouGo, savePayAsYouGo } from "@/features/wallet/server";
import { parseJsonBody, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";

export const dynamic = "force-dynamic";

/** 按量付费: on / off and the monthly ceiling; answers the saved setting. */
export const PUT = withApiErrors(async (request: Request) => {
  const userId = await requireCurrentUserId();
  const body = await parseJsonBody(request, payAsYouGoBodySchema);
  const db = await getDatabase();
  await savePayAsYouGo(db, userId, body);
  return Response.json(await getPayAsYouGo(db, userId), { headers: { "Cache-Control": "private, no-store" } });
});
