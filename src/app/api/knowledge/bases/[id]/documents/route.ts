import { requireCurrentUserId } from "@/features/auth/server";
import { documentUrlSchema } from "@/features/knowledge";
import {
  addDocument,
  addDocumentFromUrl,
  BASE_NOT_FOUND,
  documentLimitsOf,
  findBase,
  idParam,
  knowledgeDeps,
  listDocuments,
  PRIVATE,
  readUploadedFile,
  refusalsAsApiErrors,
} from "@/features/knowledge/server";
import { ApiRouteError, parseJsonBody, withApiErrors } from "@/lib/api";

type Context = { params: Promise<{ id: string }> };

async function ownBase(context: Context, userId: string) {
  const deps = await knowledgeDeps();
  const base = await findBase(deps.db, userId, idParam((await context.params).id, BASE_NOT_FOUND));
  if (!base) throw new ApiRouteError(404, BASE_NOT_FOUND);
  return { deps, base };
}

/** The base's documents with their status (解析中 / 已索引 / 失败 and why). */
export const GET = withApiErrors(async (_request: Request, context: Context) => {
  const userId = await requireCurrentUserId();
  const { deps, base } = await ownBase(context, userId);
  return Response.json({ documents: await listDocuments(deps.db, base.id) }, { headers: PRIVATE });
});

/** Adds a document: a multipart upload (`file`), or JSON `{url}` for a web page fetched by the server. */
export const POST = withApiErrors(async (request: Request, context: Context) => {
  const userId = await requireCurrentUserId();
  const { deps, base } = await ownBase(context, userId);
  const limits = await documentLimitsOf(deps.db, userId);
  const target = { ownerId: userId, baseId: base.id, limits };
  const document = /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")
    ? await refusalsAsApiErrors(addDocument(deps, { ...target, ...(await readUploadedFile(request, limits)) }))
    : await refusalsAsApiErrors(addDocumentFromUrl(deps, { ...target, url: (await parseJsonBody(request, documentUrlSchema)).url }));
  return Response.json({ document }, { status: 202, headers: PRIVATE });
});
