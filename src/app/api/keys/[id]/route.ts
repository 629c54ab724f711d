import { revokeApiKey } from "@/features/api-keys/server";
import { requireCurrentUserId } from "@/features/auth/server";
import { ApiRouteError, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { z } from "@/lib/zod";

type Context = { params: Promise<{ id: string }> };

const NOT_FOUND = "API 密钥不存在或已撤销";

/** Revokes one of the user's keys at once; another user's key, or an unknown id, is 404. */
export const DELETE = withApiErrors(async (_request: Request, context: Context) => {
  const userId = await requireCurrentUserId();
  const id = z.uuid().safeParse((await context.params).id);
  if (!id.success) throw new ApiRouteError(404, NOT_FOUND);
  if (!(await revokeApiKey(await getDatabase(), userId, id.data))) throw new ApiRouteError(404, NOT_FOUND);
  return new Response(null, { status: 204 });
});
