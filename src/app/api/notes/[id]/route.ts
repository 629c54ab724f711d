import { z } from "@/lib/zod";
import { requireCurrentUserId } from "@/features/auth/server";
import { noteInputSchema } from "@/features/notes";
import { deleteNote, updateNote } from "@/features/notes/server";
import { ApiRouteError, parseJsonBody, withApiErrors } from "@/lib/api";
import { getDatabase } from "@/lib/db";

type Context = { params: Promise<{ id: string }> };

async function noteId(context: Context): Promise<string> {
  const parsed = z.uuid().safeParse((await context.params).id);
  if (!parsed.success) throw new ApiRouteError(404, "笔记不存在");
  return parsed.data;
}

export const PATCH = withApiErrors(async (request: Request, context: Context) => {
  const userId = await requireCurrentUserId();
  const id = await noteId(context);
  const input = await parseJsonBody(request, noteInputSchema);
  const note = await updateNote(await getDatabase(), userId, id, input);
  if (!note) throw new ApiRouteError(404, "笔记不存在");
  return Response.json({ note }, { headers: { "Cache-Control": "private, no-store" } });
});

export const DELETE = withApiErrors(async (_request: Request, context: Context) => {
  const userId = await requireCurrentUserId();
  const id = await noteId(context);
  if (!(await deleteNote(await getDatabase(), userId, id))) throw new ApiRouteError(404, "笔记不存在");
  return new Response(null, { status: 204 });
});
