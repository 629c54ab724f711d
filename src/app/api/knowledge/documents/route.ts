import { requireCurrentUserId } from "@/features/auth/server";
import { addDocument, documentLimitsOf, knowledgeDeps, PRIVATE, readUploadedFile, refusalsAsApiErrors } from "@/features/knowledge/server";
import { withApiErrors } from "@/lib/api";

export const dynamic = "force-dynamic";

/** A file attached to a model-app conversation (no base): indexed in the background, then sent as `document_ids`. */
export const POST = withApiErrors(async (request: Request) => {
  const userId = await requireCurrentUserId();
  const deps = await knowledgeDeps();
  const limits = await documentLimitsOf(deps.db, userId);
  const document = await refusalsAsApiErrors(addDocument(deps, { ownerId: userId, baseId: null, limits, ...(await readUploadedFile(request, limits)) }));
  return Response.json({ document }, { status: 202, headers: PRIVATE });
});
