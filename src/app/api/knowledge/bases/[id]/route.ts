import { requireCurrentUserId } from "@/features/auth/server";
import { baseNameSchema } from "@/features/knowledge";
import { BASE_NOT_FOUND, deleteBase, idParam, knowledgeDeps, PRIVATE, renameBase } from "@/features/knowledge/server";
import { ApiRouteError, parseJsonBody, withApiErrors } from "@/lib/api";

type Context = { params: Promise<{ id: string }> };

export const PATCH = withApiErrors(async (request: Request, context: Context) => {
  const userId = await requireCurrentUserId();
  const id = idParam((await context.params).id, BASE_NOT_FOUND);
  const { name } = await parseJsonBody(request, baseNameSchema);
  const base = await renameBase((await knowledgeDeps()).db, userId, id, name);
  if (!base) throw new ApiRouteError(404, BASE_NOT_FOUND);
  return Response.json({ base }, { headers: PRIVATE });
});

/** Deletes the base, its documents, their chunks and their bytes. */
export const DELETE = withApiErrors(async (_request: Request, context: Context) => {
  const userId = await requireCurrentUserId();
  const id = idParam((await context.params).id, BASE_NOT_FOUND);
  const deps = await knowledgeDeps();
  const keys = await deleteBase(deps.db, userId, id);
  if (!keys) throw new ApiRouteError(404, BASE_NOT_FOUND);
  await deps.storage.remove(keys);
  return new Response(null, { status: 204 });
});
