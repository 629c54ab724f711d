import { requireCurrentUserId } from "@/features/auth/server";
import { DOCUMENT_NOT_FOUND, findDocumentInBase, idParam, knowledgeDeps, removeDocument } from "@/features/knowledge/server";
import { ApiRouteError, withApiErrors } from "@/lib/api";

type Context = { params: Promise<{ id: string; documentId: string }> };

/** Deletes the document, its chunks and its bytes. */
export const DELETE = withApiErrors(async (_request: Request, context: Context) => {
  const userId = await requireCurrentUserId();
  const params = await context.params;
  const deps = await knowledgeDeps();
  const document = await findDocumentInBase(deps.db, userId, idParam(params.id, DOCUMENT_NOT_FOUND), idParam(params.documentId, DOCUMENT_NOT_FOUND));
  if (!document) throw new ApiRouteError(404, DOCUMENT_NOT_FOUND);
  await removeDocument(deps, document);
  return new Response(null, { status: 204 });
});
