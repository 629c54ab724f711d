import { requireCurrentUserId } from "@/features/auth/server";
import { baseNameSchema } from "@/features/knowledge";
import { createBase, listBases, PRIVATE } from "@/features/knowledge/server";
import { ApiRouteError, parseJsonBody, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";

export const dynamic = "force-dynamic";

/** The signed-in user's knowledge bases, newest first. */
export const GET = withApiErrors(async () => {
  const userId = await requireCurrentUserId();
  return Response.json({ bases: await listBases(await getDatabase(), userId) }, { headers: PRIVATE });
});

export const POST = withApiErrors(async (request: Request) => {
  const userId = await requireCurrentUserId();
  const { name } = await parseJsonBody(request, baseNameSchema);
  const base = await createBase(await getDatabase(), userId, name);
  if (base === "too_many") throw new ApiRouteError(400, "知识库数量已达上限，请先删除不用的知识库");
  return Response.json({ base }, { status: 201, headers: PRIVATE });
});
