import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { GroundingRequest, GroundingSource, SourceFinder } from "@/features/ai-models/server";
import { knowledgeDocuments, type Database } from "@/lib/db";
import type { Embedder } from "./embedder";
import { indexedDocumentsOfBases, searchableBaseIds } from "./repository";
import { retrieveChunks } from "./retrieve";

/** Passages per question from each finder: enough to answer, few enough for the model's context. */
export const PASSAGES_PER_QUESTION = 5;
/** How the files attached to a conversation are labelled above their passages. */
export const ATTACHED_FILES_LABEL = "本次对话的文件";

// Ids come from the chat body (or `/v1`): anything else than a uuid cannot be one of ours.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Deps = { db: () => Promise<Database>; embedder: () => Embedder };

interface Searchable {
  id: string;
  name: string;
  datasetName: string;
}

async function find(deps: Deps, request: GroundingRequest, kind: "knowledge" | "document", documents: Searchable[]): Promise<GroundingSource[]> {
  if (documents.length === 0) return [];
  const byId = new Map(documents.map((document) => [document.id, document]));
  const chunks = await retrieveChunks({ db: await deps.db(), embedder: deps.embedder() }, [...byId.keys()], request.query, { limit: PASSAGES_PER_QUESTION, signal: request.signal });
  return chunks.map((chunk) => {
    const document = byId.get(chunk.documentId)!;
    return {
      kind,
      datasetName: document.datasetName,
      documentName: document.name,
      content: chunk.content,
      segmentId: chunk.id,
      ...(chunk.page !== null ? { page: chunk.page } : {}),
      ...(chunk.section !== null ? { section: chunk.section } : {}),
      score: Number(chunk.score.toFixed(4)),
    };
  });
}

/** Kind "knowledge": the user's chosen bases (their own only) and the shared bases the operator attached to the app. */
export function knowledgeSourceFinder(deps: Deps): SourceFinder {
  return async (request) => {
    const db = await deps.db();
    const baseIds = await searchableBaseIds(db, request.userId, request.appid, request.choices.knowledgeBaseIds.filter((id) => UUID.test(id)).slice(0, 20));
    const documents = await indexedDocumentsOfBases(db, baseIds);
    return find(deps, request, "knowledge", documents.map((document) => ({ id: document.id, name: document.name, datasetName: document.baseName })));
  };
}

/** Kind "document": files the user attached to this conversation (their own, indexed). */
export function documentSourceFinder(deps: Deps): SourceFinder {
  return async (request) => {
    const ids = [...new Set(request.choices.documentIds.filter((id) => UUID.test(id)))].slice(0, 50);
    if (ids.length === 0) return [];
    const db = await deps.db();
    const rows = await db
      .select({ id: knowledgeDocuments.id, name: knowledgeDocuments.name })
      .from(knowledgeDocuments)
      .where(and(inArray(knowledgeDocuments.id, ids), eq(knowledgeDocuments.userId, request.userId), isNull(knowledgeDocuments.baseId), eq(knowledgeDocuments.status, "indexed")));
    return find(deps, request, "document", rows.map((row) => ({ ...row, datasetName: ATTACHED_FILES_LABEL })));
  };
}
