import { requireCurrentUserId } from "@/features/auth/server";
import { sendDeletionCode } from "@/features/personal-data/server";
import { withApiErrors } from "@/lib/api";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** 注销账号 without a password: a one-time code by SMS or e-mail (the auth service's own rate limits apply). */
export const POST = withApiErrors(async () => {
  const userId = await requireCurrentUserId();
  return Response.json(await sendDeletionCode(userId), { headers: { "Cache-Control": "private, no-store" } });
});
