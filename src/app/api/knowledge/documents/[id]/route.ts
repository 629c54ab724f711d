import { requireCurrentUserId } from "@/features/auth/server";
import { documentView, DOCUMENT_NOT_FOUND, findAttachedDocument, idParam, knowledgeDeps, PRIVATE, removeDocument } from "@/features/knowledge/server";
import { ApiRouteError, withApiErrors } from "@/lib/api";

type Context = { params: Promise<{ id: string }> };

async function ownDocument(context: Context) {
  const userId = await requireCurrentUserId();
  const deps = await knowledgeDeps();
  const document = await findAttachedDocument(deps.db, userId, idParam((await context.params).id, DOCUMENT_NOT_FOUND));
  if (!document) throw new ApiRouteError(404, DOCUMENT_NOT_FOUND);
  return { deps, document };
}

/** An attached file's status, polled by the chat page until it is 已索引 (or failed, with the reason). */
export const GET = withApiErrors(async (_request: Request, context: Context) => {
  const { document } = await ownDocument(context);
  return Response.json({ document: documentView(document) }, { headers: PRIVATE });
});

export const DELETE = withApiErrors(async (_request: Request, context: Context) => {
  const { deps, document } = await ownDocument(context);
  await removeDocument(deps, document);
  return new Response(null, { status: 204 });
});
