import { requireCurrentUserId, resolveNextSession } from "@/features/auth/server";
import { sessionAuthenticatedAt } from "@/features/admin/server";
import { assertReauthenticated, cancelAccountDeletion, pendingAccountDeletion, requestAccountDeletion } from "@/features/personal-data/server";
import { accountDeletionSchema } from "@/features/personal-data";
import { parseJsonBody, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** Whether an 注销 is waiting out its cooling-off period. */
export const GET = withApiErrors(async () => {
  const userId = await requireCurrentUserId();
  return Response.json({ pending: await pendingAccountDeletion(await getDatabase(), userId) }, { headers: PRIVATE });
});

/** 注销账号: re-authenticated (password, a one-time code, or a sign-in of the last minutes), then deleted or scheduled. */
export const POST = withApiErrors(async (request: Request) => {
  const userId = await requireCurrentUserId();
  const input = await parseJsonBody(request, accountDeletionSchema);
  const { token } = await resolveNextSession();
  const amr = (token?.claims as { amr?: { timestamp: number }[] } | undefined)?.amr;
  await assertReauthenticated(userId, { password: input.password, code: input.code, authenticatedAt: sessionAuthenticatedAt(amr) });
  return Response.json(await requestAccountDeletion(await getDatabase(), userId), { headers: PRIVATE });
});

/** 撤销注销 during the cooling-off period. */
export const DELETE = withApiErrors(async () => {
  const userId = await requireCurrentUserId();
  return Response.json({ canceled: await cancelAccountDeletion(await getDatabase(), userId) }, { headers: PRIVATE });
});
