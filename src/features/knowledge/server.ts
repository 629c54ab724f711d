import "server-only";
import { getDatabase } from "@/lib/db";
import { knowledgeEmbedder } from "./server/deps";
import { documentSourceFinder, knowledgeSourceFinder } from "./server/finders";

export { knowledgeDeps } from "./server/deps";
export { addDocument, addDocumentFromUrl, DocumentRefused, indexingIdle, removeDocument, storageAllowance, storageBytesInUse, storageUsageWithDocuments, type KnowledgeDeps } from "./server/documents";
export { documentLimitsOf } from "./server/limits";
export {
  appBaseIds,
  createBase,
  deleteBase,
  findAttachedDocument,
  findBase,
  findDocumentInBase,
  listBases,
  listDocuments,
  renameBase,
  setAppBases,
  documentView,
  type BaseView,
  type DocumentView,
} from "./server/repository";

/** Kind "knowledge" (registered by the composition root): the chosen and the app's shared knowledge bases. */
export const findKnowledgeSources = knowledgeSourceFinder({ db: getDatabase, embedder: knowledgeEmbedder });
/** Kind "document": the files attached to the conversation. */
export const findDocumentSources = documentSourceFinder({ db: getDatabase, embedder: knowledgeEmbedder });
export { BASE_NOT_FOUND, DOCUMENT_NOT_FOUND, idParam, PRIVATE, readUploadedFile, refusalsAsApiErrors } from "./server/http";
