import "server-only";
import { eq } from "drizzle-orm";
import { getStorageUsage, type StorageUsage } from "@/features/files/server";
import { knowledgeDocuments, type Database } from "@/lib/db";
import { fetchPublicUrl, PublicFetchError, tooLarge } from "@/lib/net/public-fetch";
import type { DocumentStorage } from "./document-storage";
import type { Embedder } from "./embedder";
import { formatOf, titleOfHtml, UNSUPPORTED_FORMAT, type DocumentFormat } from "./extract";
import { indexDocument } from "./indexer";
import type { DocumentLimits } from "./limits";
import { deleteDocumentRow, documentBytesOf, documentView, type DocumentView } from "./repository";

export interface KnowledgeDeps {
  db: Database;
  storage: DocumentStorage;
  embedder: Embedder;
  /** Tests only: addresses the URL fetch may reach besides public ones (a local test server). */
  allowAddress?: (address: string) => boolean;
}

/** A refusal the user reads (Chinese), with the HTTP status the API answers. */
export class DocumentRefused extends Error {
  override name = "DocumentRefused";
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

const MEDIA_TYPES: Record<DocumentFormat, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  html: "text/html; charset=utf-8",
  markdown: "text/markdown; charset=utf-8",
  text: "text/plain; charset=utf-8",
};

// Indexing runs after the upload is answered; tests wait for it with `indexingIdle()`.
const indexing = new Set<Promise<unknown>>();

/** Resolves when every background indexing started so far has finished. */
export async function indexingIdle(): Promise<void> {
  while (indexing.size) await Promise.allSettled([...indexing]);
}

interface NewDocument {
  /** Null: a shared base's document, kept by the operators (no user's quota). */
  ownerId: string | null;
  baseId: string | null;
  name: string;
  bytes: Uint8Array;
  mediaType: string;
  sourceUrl?: string;
  limits: DocumentLimits;
}

/**
 * A user's storage use against their plan's quota, as the quota counts it: their files plus their knowledge
 * documents (stored with the service role, so the storage itself does not see them as the user's). One read
 * for the storage page (`usedBytes` null with a hosted project, whose files are not counted), the document
 * upload and the embedded storage's check on every file upload.
 */
export async function storageUsageWithDocuments(db: Database, userId: string, embedded: boolean): Promise<StorageUsage> {
  const [usage, documents] = await Promise.all([getStorageUsage(db, userId, embedded), documentBytesOf(db, userId)]);
  return usage.usedBytes === null ? usage : { ...usage, usedBytes: usage.usedBytes + documents };
}

/** The bytes the plan's quota counts (files plus knowledge documents). */
export async function storageBytesInUse(db: Database, userId: string): Promise<number> {
  return (await storageUsageWithDocuments(db, userId, true)).usedBytes ?? 0;
}

/** The plan's quota against what it counts, in the embedded storage's shape (wired in src/server/startup.ts). */
export async function storageAllowance(db: Database, userId: string): Promise<{ limitBytes: number; usedBytes: number }> {
  const { quotaBytes, usedBytes } = await storageUsageWithDocuments(db, userId, true);
  return { limitBytes: quotaBytes, usedBytes: usedBytes ?? 0 };
}

/**
 * Stores a document's bytes (counted against the owner's storage quota), records it as 「解析中」 and indexes it
 * in the background; the answer is the new document as listed.
 */
export async function addDocument(deps: KnowledgeDeps, input: NewDocument): Promise<DocumentView> {
  const format = formatOf(input.name, input.mediaType);
  if (!format) throw new DocumentRefused(415, UNSUPPORTED_FORMAT);
  if (input.bytes.byteLength === 0) throw new DocumentRefused(400, "文件是空的。");
  if (input.bytes.byteLength > input.limits.maxBytes) throw new DocumentRefused(413, tooLarge(input.limits.maxBytes));
  if (input.ownerId) {
    const { limitBytes, usedBytes } = await storageAllowance(deps.db, input.ownerId);
    if (usedBytes + input.bytes.byteLength > limitBytes) {
      throw new DocumentRefused(413, "存储空间不足：请删除一些文件或文档，或升级套餐。");
    }
  }
  const [row] = await deps.db
    .insert(knowledgeDocuments)
    .values({ userId: input.ownerId, baseId: input.baseId, name: input.name.slice(0, 200), format, size: input.bytes.byteLength, sourceUrl: input.sourceUrl ?? null })
    .returning();
  const document = row!;
  const storageKey = `${input.ownerId ?? "shared"}/${document.id}`;
  try {
    await deps.storage.put(storageKey, input.bytes, MEDIA_TYPES[format]);
  } catch (error) {
    await deleteDocumentRow(deps.db, document.id);
    throw error;
  }
  await deps.db.update(knowledgeDocuments).set({ storageKey }).where(eq(knowledgeDocuments.id, document.id));
  const work = indexDocument(deps, { id: document.id, format }, input.bytes, input.limits).catch((error: unknown) =>
    console.error(`[knowledge] 文档 ${document.id} 索引失败：${error instanceof Error ? error.message : String(error)}`),
  );
  indexing.add(work);
  void work.finally(() => indexing.delete(work));
  return documentView({ ...document, storageKey });
}

/** A web page (or a PDF / text file) by URL, fetched server-side with the SSRF checks of fetchPublicUrl. */
export async function addDocumentFromUrl(deps: KnowledgeDeps, input: Omit<NewDocument, "name" | "bytes" | "mediaType"> & { url: string }): Promise<DocumentView> {
  let fetched: Awaited<ReturnType<typeof fetchPublicUrl>>;
  try {
    fetched = await fetchPublicUrl(input.url, { maxBytes: input.limits.maxBytes, allowAddress: deps.allowAddress });
  } catch (error) {
    if (error instanceof PublicFetchError) throw new DocumentRefused(400, error.message);
    throw error;
  }
  const path = new URL(fetched.url).pathname;
  const lastSegment = path.split("/").pop() ?? "";
  const fileName = safeDecode(lastSegment);
  const isHtml = /html/i.test(fetched.contentType) || !formatOf(fileName, fetched.contentType);
  const title = isHtml ? titleOfHtml(new TextDecoder().decode(fetched.bytes)) : null;
  // A page is named by its title, stored as HTML; a linked file keeps its own name and format.
  const name = isHtml ? `${(title ?? new URL(fetched.url).hostname).slice(0, 190)}.html` : fileName;
  return addDocument(deps, { ...input, name, bytes: fetched.bytes, mediaType: isHtml ? "text/html" : fetched.contentType, sourceUrl: fetched.url });
}

/** A path segment as text; a malformed escape (`%E4%B8`) stays as it was rather than failing the request. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Removes a document: its row and chunks (cascade), then its bytes. */
export async function removeDocument(deps: KnowledgeDeps, document: { id: string; storageKey: string | null }): Promise<void> {
  await deleteDocumentRow(deps.db, document.id);
  if (document.storageKey) await deps.storage.remove([document.storageKey]);
}
