import { eq } from "drizzle-orm";
import { knowledgeChunks, knowledgeDocuments, type Database } from "@/lib/db";
import { chunkParts } from "./chunk";
import type { Embedder } from "./embedder";
import { extractDocument, ExtractionError, type DocumentFormat, type ExtractedDocument } from "./extract";
import { searchTerms } from "./segment";

export const INDEXING_FAILED = "解析失败，请稍后重新添加。";
export const EMPTY_DOCUMENT = "这个文件里没有可识别的文字。";
/** Rows per insert: a chunk row is ~1–3 KB with its vector and terms. */
const INSERT_BATCH = 200;

export interface IndexingResult {
  status: "indexed" | "failed";
  chunks: number;
  pages: number;
}

/**
 * Reads one document and stores its chunks (terms for full-text, vectors when the provider answers), then
 * marks it indexed, or failed with the reason the user reads. Re-indexing replaces the old chunks.
 */
export async function indexDocument(
  deps: { db: Database; embedder: Embedder },
  document: { id: string; format: DocumentFormat },
  bytes: Uint8Array,
  limits: { maxPages: number },
): Promise<IndexingResult> {
  const { db } = deps;
  const fail = async (reason: string, pages = 0): Promise<IndexingResult> => {
    await db.update(knowledgeDocuments).set({ status: "failed", failureReason: reason, pages, chunkCount: 0, updatedAt: new Date() }).where(eq(knowledgeDocuments.id, document.id));
    return { status: "failed", chunks: 0, pages };
  };
  let extracted: ExtractedDocument;
  try {
    extracted = await extractDocument(bytes, document.format, limits);
  } catch (error) {
    if (error instanceof ExtractionError) return fail(error.message);
    console.warn(`[knowledge] 文档 ${document.id} 解析失败：${error instanceof Error ? error.message : String(error)}`);
    return fail(INDEXING_FAILED);
  }
  const chunks = chunkParts(extracted.parts);
  if (chunks.length === 0) return fail(EMPTY_DOCUMENT, extracted.pages);
  // Without vectors the document is still searchable by full text: a provider outage must not lose it.
  const vectors = await deps.embedder.embed(chunks.map((chunk) => chunk.content)).catch((error: unknown) => {
    console.warn(`[knowledge] 文档 ${document.id} 向量化失败，只能全文检索：${error instanceof Error ? error.message : String(error)}`);
    return null;
  });
  await db.transaction(async (tx) => {
    await tx.delete(knowledgeChunks).where(eq(knowledgeChunks.documentId, document.id));
    for (let start = 0; start < chunks.length; start += INSERT_BATCH) {
      await tx.insert(knowledgeChunks).values(
        chunks.slice(start, start + INSERT_BATCH).map((chunk, offset) => ({
          documentId: document.id,
          ordinal: start + offset,
          content: chunk.content,
          page: chunk.page ?? null,
          section: chunk.section ?? null,
          terms: searchTerms(`${chunk.section ?? ""}\n${chunk.content}`),
          embedding: vectors?.[start + offset] ?? null,
          embeddingModel: vectors ? deps.embedder.model : null,
        })),
      );
    }
    await tx
      .update(knowledgeDocuments)
      .set({ status: "indexed", failureReason: null, pages: extracted.pages, chunkCount: chunks.length, updatedAt: new Date() })
      .where(eq(knowledgeDocuments.id, document.id));
  });
  return { status: "indexed", chunks: chunks.length, pages: extracted.pages };
}
