import { updateApiKeySchema } from "@/features/api-keys";
import { listApiKeys, revokeApiKey, updateApiKeyLockdown } from "@/features/api-keys/server";
import { requireCurrentUserId } from "@/features/auth/server";
import { ApiRouteError, parseJsonBody, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";
import { z } from "@/lib/zod";
import { assertUnderCeiling } from "../requests-per-minute";

type Context = { params: Promise<{ id: string }> };

const NOT_FOUND = "API 密钥不存在或已撤销";

async function keyId(context: Context): Promise<string> {
  const id = z.uuid().safeParse((await context.params).id);
  if (!id.success) throw new ApiRouteError(404, NOT_FOUND);
  return id.data;
}

/** Changes a key's IP allow-list and per-minute limit (at most the plan's ceiling); another user's key is 404. */
export const PATCH = withApiErrors(async (request: Request, context: Context) => {
  const userId = await requireCurrentUserId();
  const id = await keyId(context);
  const input = await parseJsonBody(request, updateApiKeySchema);
  const db = await getDatabase();
  await assertUnderCeiling(db, userId, input.requestsPerMinute);
  if (!(await updateApiKeyLockdown(db, userId, id, input))) throw new ApiRouteError(404, NOT_FOUND);
  const key = (await listApiKeys(db, userId)).find((item) => item.id === id);
  if (!key) throw new ApiRouteError(404, NOT_FOUND);
  return Response.json({ key }, { headers: { "Cache-Control": "private, no-store" } });
});

/** Revokes one of the user's keys at once; another user's key, or an unknown id, is 404. */
export const DELETE = withApiErrors(async (_request: Request, context: Context) => {
  const userId = await requireCurrentUserId();
  const id = await keyId(context);
  if (!(await revokeApiKey(await getDatabase(), userId, id))) throw new ApiRouteError(404, NOT_FOUND);
  return new Response(null, { status: 204 });
});
